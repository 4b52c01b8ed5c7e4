import { checkoutOptionsOf, priceQuote, quoteInputSchema, QuoteRefusal, type QuoteProduct, type SiteContent } from '@shop/shared';
import { bodyOf, type RecordedRequest } from './mock-api';

/**
 * POST /checkout/quote as the server answers it: the shop's pricing function over the given catalogue and content
 * (200 with the quote, 400 with the Spanish reason).
 */
export function quoteServer(content: SiteContent, products: readonly QuoteProduct[]) {
  const options = checkoutOptionsOf(content);
  const catalogue = new Map(products.map((product) => [product.id, product]));
  return (request: RecordedRequest) => {
    const input = quoteInputSchema.safeParse(bodyOf(request));
    if (!input.success) return { status: 400, data: { message: input.error.issues[0]?.message ?? 'Datos inválidos' } };
    try {
      const quote = priceQuote({ ...input.data, deliveryType: input.data.deliveryType ?? 'pickup' }, catalogue, options);
      return { status: 200, data: { quote } };
    } catch (error) {
      if (error instanceof QuoteRefusal) return { status: 400, data: { message: error.message } };
      throw error;
    }
  };
}
