import { CHECKOUT_TOKEN_RE, normalizeArgentinePhone, type CheckoutDraftInput } from '@shop/shared';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Abandoned checkouts, the browser's side: the random token of this browser's draft (localStorage), whether it came
 * from a recovery link, and when a draft is worth saving (items and a valid e-mail or phone).
 */
const TOKEN_KEY = 'checkout-draft-token';
const RECOVERED_KEY = 'checkout-draft-recovered';

function randomToken(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or a full storage: the draft is simply not kept.
  }
}

/** This browser's draft token (made on first use). */
export function draftToken(): string {
  const stored = read(TOKEN_KEY);
  if (stored && CHECKOUT_TOKEN_RE.test(stored)) return stored;
  const token = randomToken();
  write(TOKEN_KEY, token);
  return token;
}

/** The recovery page adopts the link's token: the order placed next counts as recovered. */
export function adoptDraftToken(token: string): void {
  write(TOKEN_KEY, token);
  write(RECOVERED_KEY, '1');
}

let savesHeld = false;

/**
 * From the moment an order is sent until the checkout is opened again (or the order fails), the draft is not saved:
 * a debounced save that lands after the order would find its draft converted and, starting a fresh one with the same
 * contact, list the shopper who just bought as an abandoned checkout.
 */
export function holdDraftSaves(hold: boolean): void {
  savesHeld = hold;
}

export function draftSavesHeld(): boolean {
  return savesHeld;
}

/** After an order (or a draft already converted): the next checkout starts a fresh draft. */
export function forgetDraftToken(): void {
  write(TOKEN_KEY, null);
  write(RECOVERED_KEY, null);
}

/** What POST /orders carries so that the draft is marked converted (or recovered). */
export function draftOrderFields(): { checkoutToken?: string; fromRecovery?: boolean } {
  const token = read(TOKEN_KEY);
  if (!token || !CHECKOUT_TOKEN_RE.test(token)) return {};
  return read(RECOVERED_KEY) === '1' ? { checkoutToken: token, fromRecovery: true } : { checkoutToken: token };
}

export interface DraftSource {
  items: readonly { id: string; quantity: number; size: string; color?: string }[];
  email: string;
  phone: string;
  fullName: string;
  deliveryType: 'pickup' | 'delivery';
  zoneId: string | null;
  meetingPointId: string | null;
  barrio: string | null;
  postalCode: string;
  city: string;
  /** Her WhatsApp consent on this checkout: it also covers one reminder if she leaves it unfinished. */
  whatsappOptIn?: boolean;
}

const blank = (value: string | null | undefined, max: number): string | null => {
  const v = (value ?? '').trim();
  return v === '' ? null : v.slice(0, max);
};

/** The draft's body, or null when there is nothing worth keeping (no items, or neither a valid e-mail nor phone). */
export function draftBody(source: DraftSource): CheckoutDraftInput | null {
  if (source.items.length === 0) return null;
  const email = EMAIL_RE.test(source.email.trim()) ? source.email.trim().slice(0, 254) : null;
  const phone = normalizeArgentinePhone(source.phone.trim()) !== null ? source.phone.trim() : null;
  if (!email && !phone) return null;
  return {
    items: source.items.slice(0, 30).map((i) => ({
      productId: i.id,
      quantity: Math.min(20, Math.max(1, i.quantity)),
      size: blank(i.size, 20),
      color: blank(i.color, 40),
    })),
    email,
    phone,
    fullName: blank(source.fullName, 120),
    deliveryType: source.deliveryType,
    zoneId: blank(source.zoneId, 40),
    meetingPointId: blank(source.meetingPointId, 40),
    postalCode: blank(source.postalCode, 20),
    barrio: blank(source.barrio, 80),
    city: blank(source.city, 120),
    ...(source.whatsappOptIn && phone ? { whatsappOptIn: true } : {}),
  };
}
