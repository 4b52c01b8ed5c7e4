import {
  checkoutOptionsOf,
  priceQuote,
  QuoteRefusal,
  resolveStockBySize,
  type Quote,
  type QuoteAnswer,
  type QuoteProduct,
  type QuoteRequestInput,
} from '@shop/shared';
import { currentGeneration } from '../../../domains/catalogue';
import { quoteProductOf, refusalError } from '../../../domains/orders/order-checkout';
import { goodsSubtotalOf, localDeliveryOf, quoteCarriers } from '../../../domains/orders/order-shipping';
import { pricingContext } from '../../../domains/promotions';
import { isRecord } from '../../../utils/db-write';
import { mercadoPagoReady } from '../../../domains/platform';

const PRODUCT_UID = 'api::product.product';
/** Products kept for quotes (any more and the oldest go first). */
const MAX_CACHED_PRODUCTS = 5000;

/**
 * Products as the quote prices them, stock included, kept in memory until the catalogue changes (a product save,
 * stock moved by an order, a cancel or the sweep: see catalogue-version.ts). Unknown ids are remembered too, as null.
 */
const products = new Map<string, QuoteProduct | null>();

/** Forgets the products kept for the quote (every catalogue change: bootstrap/subscribers.ts). */
export function forgetQuoteProducts(): void {
  products.clear();
}

/** The product with its units per size (a product without sizes: its single stock under ''). */
function withStock(row: unknown): QuoteProduct | null {
  const product = quoteProductOf(row);
  if (!product || !isRecord(row)) return product;
  if (product.sizes.length === 0) return { ...product, stockBySize: { '': Math.max(0, Number(row.stock) || 0) } };
  return { ...product, stockBySize: resolveStockBySize(product.sizes, row.stockBySize ?? null, row.stock) };
}

async function productsFor(ids: readonly string[]): Promise<Map<string, QuoteProduct>> {
  const generation = currentGeneration();
  const missing = ids.filter((id) => !products.has(id));
  const fresh = new Map<string, QuoteProduct | null>(missing.map((id) => [id, null]));
  if (missing.length > 0) {
    const rows: unknown[] = await strapi.db.query(PRODUCT_UID).findMany({
      where: { documentId: { $in: missing } },
      select: [
        'documentId',
        'title',
        'price',
        'discount',
        'category',
        'isActive',
        'size',
        'stock',
        'stockBySize',
        'thumbnails',
        'variants',
        'colors',
      ],
    });
    for (const row of rows) {
      const product = withStock(row);
      if (product) fresh.set(product.id, product);
    }
    // Kept only when no write happened meanwhile (a read overtaken by a write is not cached as fresh).
    if (generation === currentGeneration()) {
      for (const [id, product] of fresh) {
        if (products.size >= MAX_CACHED_PRODUCTS) {
          const oldest = products.keys().next();
          if (!oldest.done) products.delete(oldest.value);
        }
        products.set(id, product);
      }
    }
  }
  const found = new Map<string, QuoteProduct>();
  for (const id of ids) {
    const product = fresh.has(id) ? fresh.get(id) : products.get(id);
    if (product) found.set(id, product);
  }
  return found;
}

function price(...args: Parameters<typeof priceQuote>): Quote {
  try {
    return priceQuote(...args);
  } catch (err) {
    if (err instanceof QuoteRefusal) throw refusalError(err, 400);
    throw err;
  }
}

async function pricedCart(input: QuoteRequestInput) {
  // Content first: reading it checks that this process's caches are current (catalogue-version.ts).
  const opts = checkoutOptionsOf(await strapi.service('api::site-content.site-content').cachedContent(), mercadoPagoReady());
  const [catalogue, context] = await Promise.all([
    productsFor([...new Set(input.items.map((i) => i.productId))]),
    pricingContext(input.couponCode, input.email),
  ]);
  const pricing = { ...input, deliveryType: input.deliveryType ?? 'pickup' };
  return { pricing, opts, catalogue, context, quote: price(pricing, catalogue, opts, context) };
}

export default () => ({
  /** Prices the cart with the order's own function; its refusals are 400s with the Spanish reason. */
  async quote(input: QuoteRequestInput): Promise<Quote> {
    return (await pricedCart(input)).quote;
  },

  /**
   * POST /checkout/quote's answer: the quote and, for national shipping (deliveryType 'carrier'), the carriers'
   * options for the cart's goods (the chosen one priced into the quote) and the local options first when the postal
   * code is inside the zones.
   */
  async answer(input: QuoteRequestInput): Promise<Omit<QuoteAnswer, 'quote'> & { quote: Quote }> {
    const { pricing, opts, catalogue, context, quote } = await pricedCart(input);
    if (pricing.deliveryType !== 'carrier' || !input.address) return { quote };
    const { answer, chosen } = await quoteCarriers(input.items, input.address, goodsSubtotalOf(quote), input.shippingOptionId);
    return {
      quote: chosen ? price({ ...pricing, carrierShipping: { price: chosen.price } }, catalogue, opts, context) : quote,
      ...answer,
      localDelivery: localDeliveryOf(opts, input.address.postalCode),
    };
  },
});
