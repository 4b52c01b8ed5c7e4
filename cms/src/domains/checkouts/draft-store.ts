// The checkout drafts' tables, their rows as the domain reads them, and the e-mail opt-outs (hashed addresses).
import { createHash } from 'node:crypto';
import { normalizeEmail, type CheckoutDraftLine } from '@shop/shared';
import { jsonColumn, storedFlag, table, type Trx } from '../../utils/db-write';

export const DRAFTS_TABLE = 'checkout_drafts';
export const OPTOUTS_TABLE = 'checkout_optouts';

export type Row = Record<string, unknown>;
export const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

const knex = () => strapi.db.connection as unknown as Trx;
export const draftsTable = (trx: Trx = knex()) => table(trx, DRAFTS_TABLE);
export const optoutsTable = (trx: Trx = knex()) => table(trx, OPTOUTS_TABLE);

/** The delivery choice a draft keeps (no payment data). */
export interface DraftDelivery {
  deliveryType: 'pickup' | 'delivery' | null;
  zoneId: string | null;
  meetingPointId: string | null;
  postalCode: string | null;
  barrio: string | null;
  city: string | null;
}

export interface Draft {
  id: number;
  token: string;
  lines: CheckoutDraftLine[];
  email: string | null;
  phone: string | null;
  /** "Si no termino la compra, recordámelo por WhatsApp". */
  whatsappOptIn: boolean;
  fullName: string | null;
  delivery: DraftDelivery;
  shopUrl: string | null;
  convertedAt: Date | null;
  recovered: boolean;
  orderTotal: number;
  emailSentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

function dateOf(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value));
  return Number.isNaN(date.getTime()) ? null : date;
}

function linesOf(value: unknown): CheckoutDraftLine[] {
  const raw = jsonColumn(value);
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const line = item as Record<string, unknown>;
    if (typeof line.productId !== 'string' || typeof line.quantity !== 'number') return [];
    return [
      {
        productId: line.productId,
        quantity: line.quantity,
        size: text(line.size),
        color: text(line.color),
        sku: text(line.sku),
      },
    ];
  });
}

function deliveryOf(value: unknown): DraftDelivery {
  const raw = jsonColumn(value);
  const d = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const type = d.deliveryType === 'pickup' || d.deliveryType === 'delivery' ? d.deliveryType : null;
  return {
    deliveryType: type,
    zoneId: text(d.zoneId),
    meetingPointId: text(d.meetingPointId),
    postalCode: text(d.postalCode),
    barrio: text(d.barrio),
    city: text(d.city),
  };
}

export function draftOf(row: Row): Draft {
  return {
    id: Number(row.id),
    token: text(row.token) ?? '',
    lines: linesOf(row.lines),
    email: text(row.email),
    phone: text(row.phone),
    whatsappOptIn: storedFlag(row.whatsapp_opt_in),
    fullName: text(row.full_name),
    delivery: deliveryOf(row.delivery),
    shopUrl: text(row.shop_url),
    convertedAt: dateOf(row.converted_at),
    recovered: storedFlag(row.recovered),
    orderTotal: Math.max(0, Number(row.order_total) || 0),
    emailSentAt: dateOf(row.email_sent_at),
    createdAt: dateOf(row.created_at) ?? new Date(0),
    updatedAt: dateOf(row.updated_at) ?? new Date(0),
  };
}

export async function draftByToken(token: string, trx?: Trx): Promise<Draft | null> {
  const row: Row | undefined = await draftsTable(trx).where('token', token).first();
  return row ? draftOf(row) : null;
}

/** What the opt-out list keeps of an address: its SHA-256 (normalised), never the address itself. */
export function emailHash(email: string): string {
  return createHash('sha256')
    .update(`checkout-optout:${normalizeEmail(email)}`)
    .digest('hex');
}

export async function optedOut(email: string | null): Promise<boolean> {
  if (!email) return false;
  return (await optoutsTable().where('email_hash', emailHash(email)).first('id')) !== undefined;
}
