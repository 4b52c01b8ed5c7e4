import { z } from 'zod';
import { CARRIER_IDS, CARRIER_LABELS, SHIPPING_SERVICE_TYPES, shippingBranchSchema, storedNationalAddressSchema } from './shipping.js';

/** National shipping at checkout (docs/api.md "Envíos nacionales" › At checkout): what the order stores and answers. */

/**
 * What an order shipped by a carrier stores (its `nationalShipping` column) and answers to staff: the quoted carrier,
 * service, type, price (after the shop's pricing) and days, the branch chosen (branch options) and the address.
 */
export const orderNationalShippingSchema = z.object({
  carrier: z.enum(CARRIER_IDS),
  service: z.string(),
  serviceCode: z.string(),
  type: z.enum(SHIPPING_SERVICE_TYPES),
  price: z.number(),
  days: z.object({ min: z.number(), max: z.number() }),
  branch: shippingBranchSchema.nullable(),
  address: storedNationalAddressSchema,
});
export type OrderNationalShipping = z.infer<typeof orderNationalShippingSchema>;

/** The tracking card's copy: the carrier's choice and the branch, the address without the street (as the card's delivery). */
export const trackedNationalShippingSchema = orderNationalShippingSchema.omit({ serviceCode: true }).extend({
  address: orderNationalShippingSchema.shape.address.pick({ locality: true, province: true, postalCode: true }),
});
export type TrackedNationalShipping = z.infer<typeof trackedNationalShippingSchema>;

/** The carrier's choice as the e-mails and the tracking page write it ("Correo Argentino Clásico, a sucursal: 3 a 6 días hábiles"). */
export function nationalShippingText(shipping: Pick<OrderNationalShipping, 'carrier' | 'service' | 'type' | 'days'>): string {
  const days = shipping.days.min === shipping.days.max ? `${shipping.days.min}` : `${shipping.days.min} a ${shipping.days.max}`;
  const type = shipping.type === 'door' ? 'a domicilio' : 'a sucursal';
  return `${CARRIER_LABELS[shipping.carrier]} ${shipping.service}, ${type}: ${days} días hábiles`;
}

export const CHECKOUT_SHIPPING_MSG = {
  address: 'Indicá la dirección de envío (calle, número, localidad, provincia y código postal)',
  option: 'Elegí una de las opciones de envío cotizadas',
  branch: 'Elegí la sucursal donde vas a retirar el pedido',
  unknownBranch: 'La sucursal elegida no está entre las cercanas a tu código postal: elegí otra',
  expired: 'La cotización del envío venció o cambió tu carrito: volvé a ver las opciones de envío',
  none: 'No hay opciones de envío para este código postal en este momento: probá más tarde o escribinos',
  flatBranch: 'El envío a todo el país no va a sucursal',
} as const;
