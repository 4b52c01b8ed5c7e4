import { formatCuit } from '@shop/shared';
import type { SettingsRow } from './invoicing-settings';
import type { InvoiceRow } from './invoice-store';
import { qrUrl } from './invoice-view';
import { buyerDocText, CODES, conditionText, dmy, money, QRCode, receiverText, type PdfLine } from './invoice-pdf';
import { voucherName, voucherNumberText } from './voucher-plan';
import { TICKET_INNER, TICKET_MARGIN, TICKET_WIDTH, ticketPdf } from '../platform';

const MAX_LINES = 40;

/**
 * The same voucher as invoicePdf for a thermal printer's 80 mm roll: the legal fields one under the other, the lines,
 * the totals, the CAE with its due date and ARCA's QR at the foot.
 */
export async function invoiceTicketPdf(row: InvoiceRow, settings: SettingsRow, lines: PdfLine[]): Promise<Buffer> {
  const url = qrUrl(row, settings.cuit);
  const qr = url ? await QRCode().toBuffer(url, { errorCorrectionLevel: 'M', margin: 1, width: 200 }) : null;
  const shown = lines.slice(0, MAX_LINES);
  const height = 330 + shown.length * 24 + (row.relatedNumber ? 12 : 0) + (row.letter === 'A' || row.letter === 'B' ? 24 : 0);
  // As long as the voucher needs.
  const { doc, done, text, rule } = ticketPdf(height, `${voucherName(row.kind, row.letter ?? '')} ${row.orderNumber ?? ''} (ticket)`);

  doc.font('Helvetica-Bold').fontSize(10);
  text(settings.businessName ?? '', { align: 'center' });
  doc.font('Helvetica').fontSize(7);
  text(`CUIT ${settings.cuit ? formatCuit(settings.cuit) : ''}`, { align: 'center' });
  text(settings.address ?? '', { align: 'center' });
  text(`Condición frente al IVA: ${conditionText(settings)}`, { align: 'center' });
  text(`Ingresos Brutos: ${settings.grossIncome ?? ''}`, { align: 'center' });
  text(`Inicio de actividades: ${(settings.activityStart ?? '').split('-').reverse().join('/')}`, { align: 'center' });
  rule();
  doc.font('Helvetica-Bold').fontSize(9);
  text(`${voucherName(row.kind, row.letter ?? '').toUpperCase()} (COD. ${CODES[row.voucherType ?? 0] ?? row.voucherType})`, {
    align: 'center',
  });
  doc.font('Helvetica').fontSize(7);
  text(`N° ${voucherNumberText(row.pointOfSale ?? 0, row.number ?? 0)}`, { align: 'center' });
  text(`Fecha de emisión: ${dmy(row.issueDate)}`, { align: 'center' });
  if (row.relatedNumber) text(`Comprobante asociado: ${voucherNumberText(row.pointOfSale ?? 0, row.relatedNumber)}`, { align: 'center' });
  rule();
  text(`Cliente: ${row.buyerName || 'Consumidor final'}`);
  text(`Documento: ${buyerDocText(row)}`);
  text(`Condición frente al IVA: ${receiverText(row)}`);
  text(`Orden: ${row.orderNumber ?? ''} · Contado`);
  rule();
  for (const line of shown) {
    text(line.title.slice(0, 80));
    const y = doc.y;
    doc.text(`${line.quantity} x ${money(line.price)}`, TICKET_MARGIN, y, { width: TICKET_INNER / 2 });
    doc.text(money(line.price * line.quantity), TICKET_MARGIN + TICKET_INNER / 2, y, { width: TICKET_INNER / 2, align: 'right' });
  }
  rule();
  if (row.letter === 'A') {
    text(`Importe neto gravado: ${money(Number(row.net ?? 0))}`, { align: 'right' });
    text(`IVA 21%: ${money(Number(row.vat ?? 0))}`, { align: 'right' });
  } else if (row.letter === 'B') {
    text(`IVA contenido (Ley 27.743): ${money(Number(row.vat ?? 0))}`, { align: 'right' });
  }
  doc.font('Helvetica-Bold').fontSize(10);
  text(`TOTAL ${money(Number(row.total ?? 0))}`, { align: 'right' });
  doc.font('Helvetica').fontSize(7);
  rule();
  if (qr) {
    const size = 110;
    doc.image(qr, (TICKET_WIDTH - size) / 2, doc.y, { width: size });
    doc.y += size + 4;
  }
  text(`CAE N°: ${row.cae ?? ''}`, { align: 'center' });
  text(`Vencimiento del CAE: ${dmy(row.caeDueDate)}`, { align: 'center' });
  text('Comprobante autorizado por ARCA', { align: 'center' });
  doc.end();
  return done;
}
