/**
 * The shop's customers: one per shopper across web and staff orders. Orders are joined by e-mail (lower case; for
 * Gmail the dots and a "+tag" do not make another person, exactly as coupons count "one per customer") or, for an
 * order without an e-mail, by the Argentine phone (+54 9 299…, 0299 15…, 299… are one number). The key is stored on
 * each order (`customerKey`), so the list is one GROUP BY in the database.
 */
import { customerKeyOf } from './promotions/coupons.js';
import { normalizeArgentinePhone } from './phone.js';
import { arDateTime, type CsvValue } from './csv.js';
import { ORDER_CHANNEL_LABELS, channelOf, type OrderChannel } from './channels.js';

/** Longest key stored (the column is a string of 255). */
export const CUSTOMER_KEY_MAX = 220;

/** An e-mail worth joining by: something@something, not too long. */
function usableEmail(email: string | null | undefined): string | null {
  if (typeof email !== 'string') return null;
  const clean = email.trim();
  if (clean.length < 3 || clean.length > 200) return null;
  const at = clean.lastIndexOf('@');
  return at > 0 && at < clean.length - 1 ? clean : null;
}

/**
 * The phone as joined: the WhatsApp form of an Argentine number (`5492995551234`), else its digits when there are
 * at least 6 (a number from abroad), else null.
 */
export function customerPhoneOf(phone: string | null | undefined): string | null {
  if (typeof phone !== 'string' || phone.length > 40) return null;
  const argentine = normalizeArgentinePhone(phone);
  if (argentine) return argentine;
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 6 ? digits : null;
}

/** `e:<e-mail as coupons count it>` when the order has an e-mail, else `p:<phone>`; null with neither. */
export function orderCustomerKey(contact: { email?: string | null; phone?: string | null }): string | null {
  const email = usableEmail(contact.email);
  if (email) return `e:${customerKeyOf(email)}`.slice(0, CUSTOMER_KEY_MAX);
  const phone = customerPhoneOf(contact.phone);
  return phone ? `p:${phone}` : null;
}

function base64UrlOf(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The customer's id in URLs: the key in base64url (opaque, safe in a path). */
export function customerIdOf(key: string): string {
  return base64UrlOf(new TextEncoder().encode(key));
}

/** The key of an id from a URL; null when it is not one this shop made. */
export function customerKeyOfId(id: unknown): string | null {
  if (typeof id !== 'string' || id.length === 0 || id.length > 400 || !/^[A-Za-z0-9_-]+$/.test(id)) return null;
  try {
    const binary = atob(id.replace(/-/g, '+').replace(/_/g, '/'));
    const key = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    if (!/^[ep]:./.test(key) || key.length > CUSTOMER_KEY_MAX || customerIdOf(key) !== id) return null;
    return key;
  } catch {
    return null;
  }
}

/** What the customers list may be sorted by. */
export const CUSTOMER_SORTS = ['lastOrder', 'totalSpent', 'orders', 'name'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/** Order statuses whose total does not count as spent. */
export const CUSTOMER_UNSPENT_STATUSES = ['cancelled', 'refunded'] as const;

/** One customer as the list, the detail and the export show her. */
export interface CustomerRow {
  name: string;
  email: string | null;
  phone: string | null;
  orders: number;
  totalSpent: number;
  firstOrderAt: string | null;
  lastOrderAt: string | null;
  channels: readonly OrderChannel[];
}

export const CUSTOMER_EXPORT_HEADER = [
  'Nombre',
  'E-mail',
  'Teléfono',
  'Órdenes',
  'Total gastado',
  'Primera compra',
  'Última compra',
  'Canales',
] as const;

/** The CSV cells of a customer (csvCell neutralises a name or e-mail that would be a formula). */
export function customerExportCells(row: CustomerRow): CsvValue[] {
  return [
    row.name,
    row.email,
    row.phone,
    row.orders,
    row.totalSpent,
    arDateTime(row.firstOrderAt),
    arDateTime(row.lastOrderAt),
    row.channels.map((c) => ORDER_CHANNEL_LABELS[channelOf(c)]).join(', '),
  ];
}
