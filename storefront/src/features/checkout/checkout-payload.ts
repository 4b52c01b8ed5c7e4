import type { CheckoutDetails, OrderNationalAddress, OrderTotals } from '@shop/shared';
import type { CartItem } from '@/features/cart';
import type { CreateOrderPayload } from './api/create-order';

export interface PickupPlace {
  address: string;
  city: string;
}

/** Where the order goes, as the server prices it: the zone of a home delivery and what placed it, or the pickup place. */
export interface OrderPlace {
  zoneId?: string | null;
  barrio?: string;
  meetingPointId?: string | null;
  /** The coupon the quote applied (sent only then: a coupon that does not apply is not part of the order). */
  couponCode?: string | null;
  /** National shipping: the whole address, the option chosen (its signed id) and a branch option's branch. */
  national?: { address: OrderNationalAddress; shippingOptionId: string; branchId: string | null } | null;
}

/**
 * The order body from the validated (trimmed) form: pickup orders carry the meeting point as their address and the
 * chosen place's id; home deliveries their zone, barrio and postal code.
 */
export function buildOrderPayload(
  details: CheckoutDetails,
  items: readonly CartItem[],
  totals: OrderTotals,
  pickupPlace: PickupPlace,
  transferProofUrl: string | undefined,
  place: OrderPlace = {},
): CreateOrderPayload {
  const pickup = details.deliveryType === 'pickup';
  const national = details.deliveryType === 'carrier' ? place.national : null;
  const notes = details.notes || undefined;
  const postalCode = details.postalCode || undefined;
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
      // A national order's address is its own field (the server writes it into the shipping details).
      address: pickup ? pickupPlace.address : national ? '' : details.address,
      city: pickup ? pickupPlace.city : national ? national.address.locality : details.city,
      postalCode,
      notes,
    },
    paymentMethod: details.paymentMethod,
    deliveryType: details.deliveryType,
    ...(national
      ? {
          address: national.address,
          shippingOptionId: national.shippingOptionId,
          ...(national.branchId ? { branchId: national.branchId } : {}),
        }
      : pickup
        ? { meetingPointId: place.meetingPointId || undefined }
        : { zoneId: place.zoneId || undefined, barrio: place.barrio?.trim() || undefined, postalCode }),
    ...(place.couponCode ? { couponCode: place.couponCode } : {}),
    subtotal: totals.subtotal,
    shippingCost: totals.shippingCost,
    total: totals.total,
    notes,
    transferProofUrl,
    ...(details.buyerDocument ? { buyerDocument: details.buyerDocument } : {}),
  };
}
