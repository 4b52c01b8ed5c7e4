import type { InvoiceRow } from './invoice-store';
import { voucherName, voucherNumberText } from './voucher-plan';

/** AAAAMMDD → AAAA-MM-DD */
export const isoDay = (ymd: string | null) => (ymd && /^\d{8}$/.test(ymd) ? `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6)}` : null);

/** ARCA's QR (RG 4892): the voucher's JSON in base64 in https://www.afip.gob.ar/fe/qr/?p=… */
export function qrPayload(row: InvoiceRow, cuit: string) {
  return {
    ver: 1,
    fecha: isoDay(row.issueDate),
    cuit: Number(cuit),
    ptoVta: row.pointOfSale,
    tipoCmp: row.voucherType,
    nroCmp: row.number,
    importe: Number(row.total ?? 0),
    moneda: 'PES',
    ctz: 1,
    tipoDocRec: row.docType ?? 99,
    nroDocRec: Number(row.docNumber ?? 0),
    tipoCodAut: 'E',
    codAut: Number(row.cae),
  };
}

export function qrUrl(row: InvoiceRow, cuit: string | null): string | null {
  if (row.status !== 'authorized' || !row.cae || !cuit) return null;
  return `https://www.afip.gob.ar/fe/qr/?p=${Buffer.from(JSON.stringify(qrPayload(row, cuit))).toString('base64')}`;
}

const STATUS_LABEL = {
  queued: 'pendiente',
  pending: 'pendiente',
  authorized: 'autorizada',
  error: 'error',
  skipped: 'no facturar',
} as const;

/** The answer of GET /orders/{id}/invoice (and the credit note beside it). */
export function invoiceAnswer(row: InvoiceRow, cuit: string | null) {
  return {
    status: row.status === 'queued' ? 'pending' : row.status,
    statusLabel: STATUS_LABEL[row.status] ?? row.status,
    kind: row.kind,
    letter: row.letter,
    name: row.letter ? voucherName(row.kind, row.letter) : null,
    voucherType: row.voucherType,
    pointOfSale: row.pointOfSale,
    number: row.status === 'authorized' ? row.number : null,
    numberText: row.status === 'authorized' && row.pointOfSale && row.number ? voucherNumberText(row.pointOfSale, row.number) : null,
    cae: row.cae,
    caeDueDate: isoDay(row.caeDueDate),
    issueDate: isoDay(row.issueDate),
    net: row.net === null ? null : Number(row.net),
    vat: row.vat === null ? null : Number(row.vat),
    total: row.total === null ? null : Number(row.total),
    qrUrl: qrUrl(row, cuit),
    attempts: row.attempts ?? 0,
    ...(row.error ? { error: row.error } : {}),
    ...(Array.isArray(row.observations) && row.observations.length ? { observations: row.observations as string[] } : {}),
  };
}
