import { orderSchema, paymentMethodSchema, type Order, type PaymentMethod } from '@shop/shared';
import { z } from 'zod';

/** What checkout hands to the confirmation page in navigation state (spec §2.8). */
export interface ConfirmationState {
  order: Order;
  paymentMethod: PaymentMethod;
  wantsShipping: boolean;
  transferProof: string | null;
}

const stateSchema = z.object({
  order: orderSchema,
  paymentMethod: paymentMethodSchema,
  wantsShipping: z.boolean(),
  transferProof: z.string().nullable(),
});

export function readConfirmationState(state: unknown): ConfirmationState | null {
  const parsed = stateSchema.safeParse(state);
  return parsed.success ? parsed.data : null;
}

/** The last order of this tab, so that a reload of the confirmation can fetch the full order by its id. */
export const LAST_ORDER_KEY = 'lastOrder';
const rememberedSchema = z.object({ id: z.string().min(1), orderNumber: z.string().min(1) });

export function rememberOrder(order: Pick<Order, '_id' | 'orderNumber'>): void {
  try {
    sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify({ id: order._id, orderNumber: order.orderNumber }));
  } catch {
    // Storage unavailable: a reload falls back to the public lookup by number.
  }
}

export function rememberedOrderId(orderNumber: string): string | null {
  try {
    const raw = sessionStorage.getItem(LAST_ORDER_KEY);
    if (!raw) return null;
    const parsed = rememberedSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.orderNumber === orderNumber ? parsed.data.id : null;
  } catch {
    return null;
  }
}
