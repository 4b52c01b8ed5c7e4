import type * as QRCodeLib from 'qrcode';
import { formatCuit } from '@shop/shared';
import type { SettingsRow } from './invoicing-settings';
import type { InvoiceRow } from './invoice-store';
import { isoDay, qrUrl } from './invoice-view';
import { voucherName, voucherNumberText } from './voucher-plan';
import { collectPdf, onFirstUse, pdfKit } from '../platform';

/** qrcode, loaded with the first invoice drawn (platform/on-first-use.ts). */
export const QRCode = onFirstUse<typeof QRCodeLib>('qrcode');

/** A line of the voucher as printed. */
export interface PdfLine {
  title: string;
  quantity: number;
  price: number;
}

export const CODES: Record<number, string> = { 1: '001', 3: '003', 6: '006', 8: '008', 11: '011', 13: '013' };
export const money = (value: number) => `$ ${value.toLocaleString('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const dmy = (ymd: string | null) => (isoDay(ymd) ?? '').split('-').reverse().join('/');
const CONDITION = { monotributo: 'Responsable Monotributo', responsable_inscripto: 'IVA Responsable Inscripto' } as const;
export const conditionText = (settings: SettingsRow) =>
  CONDITION[(settings.taxCondition ?? 'monotributo') as keyof typeof CONDITION] ?? settings.taxCondition ?? '';
/** The buyer's document as printed: CUIT 80, DNI 96, else consumidor final (99). */
export function buyerDocText(row: InvoiceRow): string {
  if (row.docType === 80) return `CUIT ${formatCuit(row.docNumber ?? '')}`;
  if (row.docType === 96) return `DNI ${row.docNumber ?? ''}`;
  return 'Consumidor final';
}
export const receiverText = (row: InvoiceRow) => (row.receiverVatCondition === 1 ? 'IVA Responsable Inscripto' : 'Consumidor Final');

/** The invoice as an A4 PDF (pdfkit) with the legal fields and ARCA's QR (qrcode); the 80 mm ticket: invoice-ticket-pdf.ts. */
export async function invoicePdf(row: InvoiceRow, settings: SettingsRow, lines: PdfLine[]): Promise<Buffer> {
  const url = qrUrl(row, settings.cuit);
  const qr = url ? await QRCode().toBuffer(url, { errorCorrectionLevel: 'M', margin: 1, width: 240 }) : null;
  const doc = new (pdfKit())({
    size: 'A4',
    margin: 40,
    info: { Title: `${voucherName(row.kind, row.letter ?? '')} ${row.orderNumber ?? ''}` },
  });
  const done = collectPdf(doc);

  doc
    .font('Helvetica-Bold')
    .fontSize(26)
    .text(row.letter ?? '', 0, 40, { align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(`COD. ${CODES[row.voucherType ?? 0] ?? row.voucherType}`, 0, 70, { align: 'center' });
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(settings.businessName ?? '', 40, 40, { width: 220 });
  doc.font('Helvetica').fontSize(9);
  doc.text(`Domicilio comercial: ${settings.address ?? ''}`, 40, 70, { width: 220 });
  doc.text(`Condición frente al IVA: ${conditionText(settings)}`, { width: 220 });
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(voucherName(row.kind, row.letter ?? '').toUpperCase(), 340, 40);
  doc.font('Helvetica').fontSize(9);
  doc.text(`Punto de venta y número: ${voucherNumberText(row.pointOfSale ?? 0, row.number ?? 0)}`, 340, 62);
  doc.text(`Fecha de emisión: ${dmy(row.issueDate)}`);
  doc.text(`CUIT: ${settings.cuit ? formatCuit(settings.cuit) : ''}`);
  doc.text(`Ingresos Brutos: ${settings.grossIncome ?? ''}`);
  doc.text(`Inicio de actividades: ${(settings.activityStart ?? '').split('-').reverse().join('/')}`);
  doc.moveTo(40, 135).lineTo(555, 135).stroke();

  doc.text(`Cliente: ${row.buyerName || 'Consumidor final'}`, 40, 145);
  doc.text(`Documento: ${buyerDocText(row)}   Condición frente al IVA: ${receiverText(row)}`);
  doc.text(`Orden: ${row.orderNumber ?? ''}   Condición de venta: Contado`);
  if (row.relatedNumber) doc.text(`Comprobante asociado: ${voucherNumberText(row.pointOfSale ?? 0, row.relatedNumber)}`);

  let y = 215;
  doc.font('Helvetica-Bold').text('Producto', 40, y).text('Cant.', 330, y).text('Precio', 390, y).text('Subtotal', 470, y);
  doc.font('Helvetica');
  for (const line of lines.slice(0, 25)) {
    y += 16;
    doc
      .text(line.title.slice(0, 60), 40, y, { width: 280 })
      .text(String(line.quantity), 330, y)
      .text(money(line.price), 390, y)
      .text(money(line.price * line.quantity), 470, y);
  }
  y += 30;
  const total = Number(row.total ?? 0);
  if (row.letter === 'A') {
    doc.text(`Importe neto gravado: ${money(Number(row.net ?? 0))}`, 340, y);
    doc.text(`IVA 21%: ${money(Number(row.vat ?? 0))}`, 340);
  } else if (row.letter === 'B') {
    doc.text(`IVA contenido (Ley 27.743): ${money(Number(row.vat ?? 0))}`, 340, y);
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`Importe total: ${money(total)}`, 340, y + 30);
  doc.font('Helvetica').fontSize(9);
  const footer = 690;
  if (qr) doc.image(qr, 40, footer - 10, { width: 110 });
  doc.text(`CAE N°: ${row.cae ?? ''}`, 170, footer);
  doc.text(`Fecha de vencimiento del CAE: ${dmy(row.caeDueDate)}`, 170);
  doc.text('Comprobante autorizado por ARCA', 170);
  doc.end();
  return done;
}
