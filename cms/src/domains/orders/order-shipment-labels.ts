import type * as PdfLib from 'pdf-lib';
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
import { collectPdf, onFirstUse, pdfKit } from '../platform';

/** pdf-lib, loaded with the first sheet of carriers' labels (platform/on-first-use.ts). */
const pdfLib = onFirstUse<typeof PdfLib>('pdf-lib');

/**
 * The shipments' labels as one PDF (POST /shipments/labels, GET /orders/{id}/shipment/label). The carrier's own label
 * (its barcode is what the branch scans) is placed on the page with pdf-lib, scaled to fit: `10x15`, one label per
 * 10 × 15 cm page (label printers); `a4`, four labels per A4 sheet. A label the carrier has not given yet is asked
 * again; when the carrier does not answer, the batch fails with its Spanish 503 rather than print a label it would
 * refuse. `format=summary` of one order: the shop's own summary of the shipment, redrawn with pdfkit (no barcode).
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

/** The shop's summary of the shipments, redrawn with pdfkit (carrier, number, recipient, sender): no barcode. */
export async function summaryPdf(rows: readonly ShipmentRow[]): Promise<Buffer> {
  const labels = await Promise.all(rows.map(labelData));
  const doc = new (pdfKit())({ size: [A4.width, A4.height], margin: 0, autoFirstPage: false, info: { Title: 'Envíos' } });
  const done = collectPdf(doc);
  labels.forEach((label, i) => {
    const slot = i % 4;
    if (slot === 0) doc.addPage({ size: [A4.width, A4.height], margin: 0 });
    drawLabel(doc, label, (slot % 2) * (A4.width / 2), Math.floor(slot / 2) * (A4.height / 2), A4.width / 2, A4.height / 2);
  });
  doc.end();
  return done;
}

/** The carrier's own label of a shipment: the one kept when it was created, else asked again. */
const carrierPdfOf = async (row: ShipmentRow): Promise<Buffer> =>
  row.label ? Buffer.from(row.label, 'base64') : carrierLabel(row.carrier, carrierShipmentOf(row));

export async function labelsPdf(rows: readonly ShipmentRow[], format: LabelFormat): Promise<Buffer> {
  const sources = await Promise.all(rows.map(carrierPdfOf));
  const page = format === '10x15' ? LABEL_10X15 : A4;
  const slots = format === '10x15' ? [{ x: 0, y: 0, width: page.width, height: page.height }] : quarters();
  const out = await pdfLib().PDFDocument.create();
  out.setTitle('Etiquetas de envío');
  let sheet = null as ReturnType<typeof out.addPage> | null;
  for (const [i, source] of sources.entries()) {
    const slot = slots[i % slots.length]!;
    if (i % slots.length === 0) sheet = out.addPage([page.width, page.height]);
    const [label] = await out.embedPdf(source, [0]);
    if (!label || !sheet) continue;
    // Scaled to fit its slot (never enlarged past the slot), centred, with a small margin.
    const margin = 8;
    const scale = Math.min((slot.width - 2 * margin) / label.width, (slot.height - 2 * margin) / label.height);
    const width = label.width * scale;
    const height = label.height * scale;
    sheet.drawPage(label, {
      x: slot.x + (slot.width - width) / 2,
      y: page.height - slot.y - slot.height + (slot.height - height) / 2,
      width,
      height,
    });
  }
  return Buffer.from(await out.save());
}

/** The four A6 quarters of an A4 sheet, top-left first (y measured from the top). */
const quarters = () =>
  [0, 1, 2, 3].map((slot) => ({
    x: (slot % 2) * (A4.width / 2),
    y: Math.floor(slot / 2) * (A4.height / 2),
    width: A4.width / 2,
    height: A4.height / 2,
  }));

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

/** GET /orders/{id}/shipment/label?format=: this order's label placed on an A4 sheet or a 10 × 15 page, the carrier's own PDF as it gave it (`carrier`), or the shop's summary (`summary`). */
export async function orderLabel(documentId: string, format: LabelFormat | 'carrier' | 'summary'): Promise<Buffer> {
  const row = await existingShipment(documentId);
  if (!(await findOrderDocument(documentId))) throw notFound(ORDER_NOT_FOUND);
  if (row.status === 'cancelled') throw conflict(SHIPMENT_MSG.cancelled);
  if (format === 'summary') return summaryPdf([row]);
  if (format !== 'carrier') return labelsPdf([row], format);
  return carrierPdfOf(row);
}
