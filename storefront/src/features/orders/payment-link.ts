/**
 * The Mercado Pago checkout link the server gave for an order, when it is one the shop may send the shopper to: an
 * absolute http(s) address. Anything else (empty, a relative path, a `javascript:` URL) is no link at all.
 */
export function paymentLink(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
