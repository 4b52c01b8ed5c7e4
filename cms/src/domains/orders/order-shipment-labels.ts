import PDFDocument from 'pdfkit';
import {
  CARRIER_LABELS,
  orderNationalShippingSchema,
  provinceByCode,
  SHIPMENT_MSG,
  SHIPPING_SERVICE_TYPE_LABELS,
  SHOP_BRAND,
  type LabelFormat,
} from '@shop/shared';
import { isRecord } from '../../utils/db-write';
import { conflict, notFound } from '../../utils/http';
import { carrierLabel } from '../shipping';
import { findOrderDocument, ORDER_NOT_FOUND } from './order-read';
import { carrierShipmentOf, existingShipment } from './order-shipment';
import { shipmentsOf, type ShipmentRow } from './order-shipment-store';

/**
 * The shipments' labels as one PDF (POST /shipments/labels, GET /orders/{id}/shipment/label): each label redrawn by
 * the shop with pdfkit from what the carrier answered (the carrier's PDFs cannot be merged with pdfkit): carrier,
 * service, tracking number in large type, sender, recipient and address or branch, order number. `10x15`: one label
 * per 10 × 15 cm page (label printers); `a4`: four A6 labels per A4 sheet.
 */
const CM = 72 / 2.54;
const A4 = { width: 595.28, height: 841.89 };
const LABEL_10X15 = { width: 10 * CM, height: 15 * CM };

interface LabelData {
  orderNumber: string;
  carrier: string;
  service: string;
  trackingNumber: string;
  recipient: string;
  phone: string;
  lines: string[];
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

async function labelData(row: ShipmentRow): Promise<LabelData> {
  const doc = await findOrderDocument(row.orderDocumentId);
  const national = orderNationalShippingSchema.safeParse(doc?.nationalShipping);
  const info = doc && isRecord(doc.shippingInfo) ? doc.shippingInfo : {};
  const lines: string[] = [];
  if (national.success) {
    const { address, branch } = national.data;
    if (row.type === 'branch' && branch) lines.push(`Retira en sucursal: ${branch.name}`, branch.address);
    else {
      const unit = [address.floor && `piso ${address.floor}`, address.apartment && `depto. ${address.apartment}`].filter(Boolean).join(' ');
      lines.push(`${address.street} ${address.number}${unit ? `, ${unit}` : ''}`);
    }
    lines.push(`${address.postalCode} ${address.locality}, ${provinceByCode(address.province)?.name ?? address.province}`);
  }
  return {
    orderNumber: row.orderNumber,
    carrier: CARRIER_LABELS[row.carrier],
    service: `${row.service} · ${SHIPPING_SERVICE_TYPE_LABELS[row.type]}`,
    trackingNumber: row.trackingNumber,
    recipient: String(info.fullName ?? ''),
    phone: String(info.phone ?? ''),
    lines,
  };
}

function drawLabel(doc: PDFKit.PDFDocument, label: LabelData, x: number, y: number, width: number, height: number): void {
  const pad = 14;
  const inner = width - 2 * pad;
  doc
    .lineWidth(1)
    .rect(x + 4, y + 4, width - 8, height - 8)
    .stroke();
  let at = y + pad;
  const line = (text: string, size: number, bold = false, gap = 4) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(size)
      .text(text, x + pad, at, { width: inner, lineBreak: true, height: height - (at - y) - pad, ellipsis: true });
    at = doc.y + gap;
  };
  const rule = () => {
    doc
      .moveTo(x + pad, at)
      .lineTo(x + width - pad, at)
      .lineWidth(0.5)
      .stroke();
    at += 8;
  };
  line(label.carrier, 18, true, 2);
  line(label.service, 10);
  rule();
  line('N° de seguimiento', 8);
  line(label.trackingNumber, 20, true, 8);
  rule();
  line('DESTINATARIO', 8, true, 2);
  line(label.recipient, 13, true, 2);
  for (const text of label.lines) line(text, 10, false, 2);
  if (label.phone) line(`Tel.: ${label.phone}`, 10, false, 2);
  at += 6;
  rule();
  line('REMITENTE', 8, true, 2);
  line(SHOP_BRAND, 10, false, 2);
  line(`Pedido ${label.orderNumber}`, 10, true, 2);
}

export async function labelsPdf(rows: readonly ShipmentRow[], format: LabelFormat): Promise<Buffer> {
  const labels = await Promise.all(rows.map(labelData));
  const page = format === '10x15' ? LABEL_10X15 : A4;
  const doc = new PDFDocument({ size: [page.width, page.height], margin: 0, autoFirstPage: false, info: { Title: 'Etiquetas de envío' } });
  const done = collect(doc);
  const perPage = format === '10x15' ? 1 : 4;
  labels.forEach((label, i) => {
    const slot = i % perPage;
    if (slot === 0) doc.addPage({ size: [page.width, page.height], margin: 0 });
    if (format === '10x15') drawLabel(doc, label, 0, 0, page.width, page.height);
    else drawLabel(doc, label, (slot % 2) * (A4.width / 2), Math.floor(slot / 2) * (A4.height / 2), A4.width / 2, A4.height / 2);
  });
  doc.end();
  return done;
}

/** POST /shipments/labels: every order must have a live shipment (409 naming those that do not). */
export async function bulkLabels(orderIds: readonly string[], format: LabelFormat): Promise<Buffer> {
  const ids = [...new Set(orderIds)];
  const rows = await shipmentsOf(ids);
  const live = new Map(rows.filter((r) => r.trackingNumber !== '' && r.status !== 'cancelled').map((r) => [r.orderDocumentId, r]));
  const missing = ids.filter((id) => !live.has(id));
  if (missing.length > 0) {
    const names = await Promise.all(missing.map(async (id) => ((await findOrderDocument(id))?.orderNumber as string | undefined) ?? id));
    throw conflict(SHIPMENT_MSG.missing(names.join(', ')));
  }
  return labelsPdf(
    ids.map((id) => live.get(id)!),
    format,
  );
}

/** GET /orders/{id}/shipment/label?format=: this order's label, redrawn, or the carrier's own PDF (`carrier`). */
export async function orderLabel(documentId: string, format: LabelFormat | 'carrier'): Promise<Buffer> {
  const row = await existingShipment(documentId);
  if (!(await findOrderDocument(documentId))) throw notFound(ORDER_NOT_FOUND);
  if (row.status === 'cancelled') throw conflict(SHIPMENT_MSG.cancelled);
  if (format !== 'carrier') return labelsPdf([row], format);
  return row.label ? Buffer.from(row.label, 'base64') : carrierLabel(row.carrier, carrierShipmentOf(row));
}
