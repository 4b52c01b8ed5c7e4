import type PDFKitDocument from 'pdfkit';
import { onFirstUse } from './on-first-use';
import { collectPdf } from './pdf-collect';

/** pdfkit, loaded with the first ticket (platform/on-first-use.ts). */
export const pdfKit = onFirstUse<typeof PDFKitDocument>('pdfkit');

/** 80 mm paper (about 72 mm printable): 226.77 points wide; the shop's tickets keep a 10-point margin. */
export const TICKET_WIDTH = 226.77;
export const TICKET_MARGIN = 10;
/** The width written on, between the margins. */
export const TICKET_INNER = TICKET_WIDTH - 2 * TICKET_MARGIN;

/**
 * A ticket for a thermal printer's 80 mm roll, `height` points long: the document, its bytes (once `doc.end()` is
 * called), `text` for a line across the paper and `rule` for a thin line under what is written.
 */
export function ticketPdf(height: number, title: string) {
  const doc = new (pdfKit())({ size: [TICKET_WIDTH, height], margin: TICKET_MARGIN, info: { Title: title } });
  const done = collectPdf(doc);
  const text = (value: string, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(value, TICKET_MARGIN, doc.y, { width: TICKET_INNER, ...options });
  const rule = () => {
    const y = doc.y + 3;
    doc
      .moveTo(TICKET_MARGIN, y)
      .lineTo(TICKET_WIDTH - TICKET_MARGIN, y)
      .lineWidth(0.5)
      .stroke();
    doc.y = y + 5;
  };
  return { doc, done, text, rule };
}
