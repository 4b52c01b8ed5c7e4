import type { Order, TrackedOrderDetail } from '@shop/shared';
import { ApiError } from '@shop/client-kit';
import type { RememberedOrder } from '../confirmation-state';
import { fetchOrderByNumber } from './get-order-by-number';
import { fetchOrder } from './get-order';

/** The tracking card as the confirmation page shows orders (no street, e-mail or phone: it never had them). */
function fromTrackingCard(card: TrackedOrderDetail): Order {
  return {
    _id: '',
    orderNumber: card.orderNumber,
    items: card.items.map((item) => ({ ...item, productId: null })),
    shippingInfo: {
      fullName: card.firstName,
      email: '',
      phone: '',
      address: null,
      city: card.delivery.city,
      postalCode: card.delivery.postalCode,
      notes: null,
    },
    paymentMethod: card.paymentMethod,
    deliveryType: card.deliveryType,
    // The card names the zone only: the confirmation shows no more than its name (its cost is the order's shipping).
    zone: card.delivery.zoneName ? { id: '', name: card.delivery.zoneName, cost: card.shippingCost } : null,
    meetingPoint: card.meetingPoint,
    status: card.status,
    subtotal: card.subtotal,
    shippingCost: card.shippingCost,
    cashFee: card.cashFee,
    total: card.total,
    notes: null,
    adminNotes: null,
    transferProofUrl: null,
    paidAt: card.paidAt,
    // The card has the link to pay while a Mercado Pago order waits for its payment; the payment's own figures are not
    // on it.
    payment:
      card.paymentMethod === 'mercadopago'
        ? { provider: 'mercadopago', checkoutUrl: card.checkoutUrl ?? null, paymentId: null, paymentStatus: null, installments: null }
        : null,
    // The reload of a confirmation never showed the hold deadline from the card; kept as it was.
    reservedUntil: null,
    createdAt: card.createdAt,
    updatedAt: card.updatedAt,
  };
}

/**
 * The order behind a confirmation page opened without navigation state (a reload): by its id when this tab
 * created it (full details), else by number with the e-mail of the purchase this tab remembers (the tracking
 * card). null when it does not exist or this tab knows neither.
 */
export async function fetchConfirmationOrder(
  orderNumber: string,
  remembered: RememberedOrder | null,
  signal?: AbortSignal,
): Promise<Order | null> {
  if (!remembered) return null;
  try {
    const order = await fetchOrder(remembered.id, signal);
    if (order.orderNumber === orderNumber) return order;
  } catch {
    // Fall back to the public lookup by number.
  }
  if (!remembered.contact) return null;
  try {
    const { order } = await fetchOrderByNumber(orderNumber, remembered.contact, signal);
    return order.detail === 'full' ? fromTrackingCard(order) : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
