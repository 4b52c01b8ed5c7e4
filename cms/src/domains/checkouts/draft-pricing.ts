// A draft's lines priced today by the shop's one pricing function (the quote's), line by line so that a line sold out
// meanwhile is kept and told as such, never dropped in silence.
import {
  checkoutOptionsOf,
  type CheckoutDraftLine,
  type CheckoutDraftLineAnswer,
  type CheckoutOptions,
  type QuoteRequestInput,
} from '@shop/shared';
import { mercadoPagoReady } from '../platform';

export interface PricedDraft {
  lines: CheckoutDraftLineAnswer[];
  /** The available lines at today's prices, after product discounts and promotions (no shipping, no payment discount). */
  total: number;
}

type Base = Omit<QuoteRequestInput, 'items'>;

/**
 * A delivery and payment the shop accepts today, so that the only refusals left are the lines' own (unknown product,
 * size gone, not enough units): pickup at the first place, else home delivery in the first zone.
 */
function pricingBase(options: CheckoutOptions): Base | null {
  const paymentMethod = options.transferEnabled
    ? 'transfer'
    : options.cashEnabled
      ? 'cash'
      : options.mercadoPagoEnabled
        ? 'mercadopago'
        : null;
  if (!paymentMethod) return null;
  if (options.pickupEnabled) return { paymentMethod, deliveryType: 'pickup', meetingPointId: null };
  if (!options.homeDeliveryEnabled) return null;
  const zone = options.zones.find((z) => z.enabled);
  return { paymentMethod, deliveryType: 'delivery', zoneId: zone?.id ?? null };
}

const refusalOf = (err: unknown): string => {
  const message = err instanceof Error ? err.message : '';
  return message || 'No disponible';
};

/** Today's price of the goods of a quote (the payment method's discount aside). */
function goodsTotal(quote: { subtotal: number; discounts: { kind: string; amount: number }[] }): number {
  const off = quote.discounts.filter((d) => d.kind === 'product' || d.kind === 'promotion').reduce((sum, d) => sum + d.amount, 0);
  return Math.max(0, quote.subtotal - off);
}

/** The titles of the lines' products (a line that cannot be priced still says what it was). */
async function titlesOf(ids: string[]): Promise<Map<string, string>> {
  const rows: { documentId: string; title: string }[] = await strapi.db
    .query('api::product.product')
    .findMany({ where: { documentId: { $in: ids } }, select: ['documentId', 'title'] });
  return new Map(rows.map((r) => [r.documentId, r.title]));
}

/** Each line priced alone (its own refusal when it cannot be bought today), and the available ones' total together. */
export async function priceDraft(lines: readonly CheckoutDraftLine[]): Promise<PricedDraft> {
  const checkout = strapi.service('api::checkout.checkout');
  const options = checkoutOptionsOf(await strapi.service('api::site-content.site-content').cachedContent(), mercadoPagoReady());
  const base = pricingBase(options);
  const names = await titlesOf([...new Set(lines.map((l) => l.productId))]);
  const priced: CheckoutDraftLineAnswer[] = [];
  for (const line of lines) {
    const item = {
      productId: line.productId,
      quantity: line.quantity,
      ...(line.size ? { size: line.size } : {}),
      ...(line.color ? { color: line.color } : {}),
      ...(line.sku ? { sku: line.sku } : {}),
    };
    const known = names.get(line.productId);
    const unavailable = (problem: string): CheckoutDraftLineAnswer => ({
      productId: line.productId,
      title: known ?? 'Producto que ya no está en la tienda',
      image: null,
      size: line.size ?? null,
      color: line.color ?? null,
      sku: line.sku ?? null,
      quantity: line.quantity,
      available: false,
      problem,
      unitPrice: null,
      lineTotal: null,
    });
    if (!base) {
      priced.push(unavailable('La tienda no tiene formas de entrega o de pago activas'));
      continue;
    }
    try {
      const quote = await checkout.quote({ ...base, items: [item] });
      const [q] = quote.items;
      if (!q) throw new Error('No disponible');
      priced.push({
        productId: line.productId,
        title: q.title,
        image: q.image ?? null,
        size: q.size ?? null,
        color: q.color ?? null,
        sku: q.sku ?? line.sku ?? null,
        quantity: q.quantity,
        available: true,
        problem: null,
        unitPrice: q.unitPrice,
        lineTotal: q.lineTotal,
      });
    } catch (err) {
      priced.push(unavailable(refusalOf(err)));
    }
  }
  const buyable = lines
    .filter((_, i) => priced[i]?.available)
    .map((l) => ({
      productId: l.productId,
      quantity: l.quantity,
      size: l.size ?? undefined,
      color: l.color ?? undefined,
      sku: l.sku ?? undefined,
    }));
  let total = 0;
  if (base && buyable.length > 0) {
    try {
      total = goodsTotal(await checkout.quote({ ...base, items: buyable }));
    } catch {
      // Lines fine alone but not together (more units of one product than its stock or the per-order cap).
      total = priced.reduce((sum, l) => sum + (l.lineTotal ?? 0), 0);
    }
  }
  return { lines: priced, total };
}
