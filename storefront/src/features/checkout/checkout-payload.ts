import type { CheckoutDetails, OrderTotals } from '@shop/shared';
import type { CartItem } from '@/features/cart';
import type { CreateOrderPayload } from './api/create-order';

export interface PickupPlace {
  address: string;
  city: string;
}

/** The order body from the validated (trimmed) form: pickup orders carry the meeting point as their address. */
export function buildOrderPayload(
  details: CheckoutDetails,
  items: readonly CartItem[],
  totals: OrderTotals,
  pickupPlace: PickupPlace,
  transferProofUrl: string | undefined,
): CreateOrderPayload {
  const pickup = details.deliveryType === 'pickup';
  const notes = details.notes || undefined;
  return {
    items: items.map((item) => ({
      productId: item.id,
      title: item.name,
      price: item.price,
      quantity: item.quantity,
      size: item.size || undefined,
      color: item.color,
      image: item.image,
    })),
    shippingInfo: {
      fullName: details.fullName,
      email: details.email,
      phone: details.phone,
      address: pickup ? pickupPlace.address : details.address,
      city: pickup ? pickupPlace.city : details.city,
      postalCode: details.postalCode || undefined,
      notes,
    },
    paymentMethod: details.paymentMethod,
    deliveryType: details.deliveryType,
    subtotal: totals.subtotal,
    shippingCost: totals.shippingCost,
    total: totals.total,
    notes,
    transferProofUrl,
  };
}
