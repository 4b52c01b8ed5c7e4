import type { DeliveryType, OrderInput, Quote } from '@shop/shared';
import type { Trx } from '../../utils/db-write';
import type { NewOrder } from './order-insert';
import type { Actor } from './order-history';

/** An order's body as the checkout takes it; staff sales (order-manual.ts) may also hand over at the counter. */
export type PlacedOrderInput = Omit<OrderInput, 'deliveryType'> & { deliveryType?: DeliveryType };

/** What a sale taken by staff adds to the checkout (order-manual.ts): its channel, author, discount and payment. */
export interface StaffSale {
  paidNow: boolean;
  /** The stock ledger's reason for the units it takes (the counter, another staff sale) and who took it. */
  stock: { reason: 'counter' | 'staff_sale'; by: Actor };
  /** The order's columns a web order leaves at their defaults: channel, author, paid and handed over on the spot. */
  columns(
    now: Date,
  ): Pick<NewOrder, 'channel' | 'createdBy' | 'paidAt' | 'fulfillment' | 'fulfillmentSteps'> & Partial<Pick<NewOrder, 'reservedUntil'>>;
  /** The quote's figures after the manual discount (throws a 400 to refuse it, before anything is taken). */
  adjust(quote: Quote): Pick<Quote, 'discounts' | 'discountTotal' | 'total'>;
  /** Writes the creation into the order's history, inside the transaction. */
  recordCreation(trx: Trx, documentId: string, status: string): Promise<void>;
  /** Once the order has its number, inside the transaction (a counter sale's payments; may refuse the sale). */
  recordNumbered?(trx: Trx, order: { documentId: string; orderNumber: string; total: number }): Promise<void>;
}
