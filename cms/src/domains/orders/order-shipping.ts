import {
  CHECKOUT_SHIPPING_MSG,
  FLAT_SHIPPING_CARRIER,
  parsePostalCode,
  resolveZone,
  type CheckoutOptions,
  type LocalDelivery,
  type OrderNationalAddress,
  type OrderNationalShipping,
  type Parcel,
  type ProvinceCode,
  type Quote,
  type ShippingBranch,
  type ShippingOption,
  type ShippingQuoteAnswer,
} from '@shop/shared';
import { badRequest, conflict } from '../../utils/http';
import { parcelsOfItems, peekQuotedOption, quoteShipping, readQuotedOption, shippingBranches } from '../shipping';

/**
 * National shipping at checkout (deliveryType 'carrier', issue 48): the carriers' options for the cart beside its
 * quote, and the order's option read back from its signed id (never a price the client sends). The carrier's price
 * went through the one shipping pricing (shippingPrice) when it was quoted; the cart's pricing (priceQuote) adds it
 * as the shipping cost, so the order's total is the quote's to the peso.
 */

/** What the cart's goods cost after discounts: what the free-shipping threshold and the signed option compare. */
export const goodsSubtotalOf = (quote: Pick<Quote, 'subtotal' | 'discountTotal'>) => quote.subtotal - quote.discountTotal;

const LOCAL_MESSAGE =
  'Tu código postal está dentro de nuestra zona de Neuquén: te conviene el envío local o el retiro en un punto de encuentro (más rápido y más barato).';

/** A postal code inside the shop's zones (or the shop's pickup when in a zone): the local options, offered first. */
export function localDeliveryOf(options: CheckoutOptions, postalCode: string): LocalDelivery | null {
  if (options.zones.length === 0) return null;
  const found = resolveZone(options.zones, { postalCode });
  if (!found.ok) return null;
  const zone = options.homeDeliveryEnabled
    ? { id: found.zone.id, name: found.zone.name, cost: found.zone.cost, estimatedDays: found.zone.estimatedDays }
    : null;
  if (!zone && !options.pickupEnabled) return null;
  return { message: LOCAL_MESSAGE, zone, pickup: options.pickupEnabled };
}

/** The place a national quote is for: the postal code's 4 digits and the province. */
function destinationOf(address: { postalCode: string; province: ProvinceCode }) {
  const parsed = parsePostalCode(address.postalCode);
  if (!parsed.ok) throw badRequest(parsed.message);
  return { postalCode: parsed.value.digits, province: address.province };
}

export interface CarrierQuote {
  answer: ShippingQuoteAnswer;
  /** The option the shopper chose (shippingOptionId), read back; null while none is chosen. */
  chosen: (ShippingOption & { serviceCode: string }) | null;
}

/**
 * The carriers' options for the cart (each enabled carrier within 4 s; one down is in `unavailable`), and the chosen
 * one when the request names one: an id not signed by the shop is a 400, one expired or quoted for another cart or
 * postal code a 409 (quote again).
 */
export async function quoteCarriers(
  items: readonly { productId: string; quantity: number }[],
  address: { postalCode: string; province: ProvinceCode },
  subtotal: number,
  shippingOptionId: string | null | undefined,
): Promise<CarrierQuote> {
  const destination = destinationOf(address);
  const parcels = await parcelsOfItems(items);
  const answer = await quoteShipping({ ...destination, parcels, subtotal });
  if (!shippingOptionId) return { answer, chosen: null };
  return { answer, chosen: chosenOption(shippingOptionId, { postalCode: destination.postalCode, parcels, subtotal }) };
}

function chosenOption(id: string, quoted: { postalCode: string; parcels: readonly Parcel[]; subtotal: number }) {
  const chosen = readQuotedOption(id, quoted);
  if (chosen) return chosen;
  if (peekQuotedOption(id) === 'forged') throw badRequest(CHECKOUT_SHIPPING_MSG.option);
  throw conflict(CHECKOUT_SHIPPING_MSG.expired);
}

/** What the order needs ready before its transaction (no carrier is called inside it): the parcels and the branch. */
export interface CarrierOrderPlan {
  address: OrderNationalAddress;
  destination: { postalCode: string; province: ProvinceCode };
  parcels: Parcel[];
  optionId: string;
  branch: ShippingBranch | null;
}

/**
 * Before the order's transaction: the address and option are there, the id was signed by the shop, and a branch
 * option names one of the carrier's branches near the postal code (asked of the carrier, or its cached list).
 */
export async function planCarrierOrder(input: {
  items: readonly { productId: string; quantity: number }[];
  address?: OrderNationalAddress;
  shippingOptionId?: string | null;
  branchId?: string | null;
}): Promise<CarrierOrderPlan> {
  if (!input.address) throw badRequest(CHECKOUT_SHIPPING_MSG.address);
  if (!input.shippingOptionId) throw badRequest(CHECKOUT_SHIPPING_MSG.option);
  const peeked = peekQuotedOption(input.shippingOptionId);
  if (peeked === 'forged') throw badRequest(CHECKOUT_SHIPPING_MSG.option);
  if (peeked === 'expired') throw conflict(CHECKOUT_SHIPPING_MSG.expired);
  const destination = destinationOf(input.address);
  const parcels = await parcelsOfItems(input.items);
  let branch: ShippingBranch | null = null;
  if (peeked.type === 'branch') {
    if (peeked.carrier === FLAT_SHIPPING_CARRIER) throw badRequest(CHECKOUT_SHIPPING_MSG.flatBranch);
    if (!input.branchId) throw badRequest(CHECKOUT_SHIPPING_MSG.branch);
    const { branches } = await shippingBranches({ carrier: peeked.carrier, ...destination });
    branch = branches.find((b) => b.id === input.branchId) ?? null;
    if (!branch) throw badRequest(CHECKOUT_SHIPPING_MSG.unknownBranch);
  }
  return { address: input.address, destination, parcels, optionId: input.shippingOptionId, branch };
}

/** Inside the transaction, once the goods are priced: the option read back for this cart (else 400/409). */
export function orderOption(plan: CarrierOrderPlan, subtotal: number): ShippingOption & { serviceCode: string } {
  return chosenOption(plan.optionId, { postalCode: plan.destination.postalCode, parcels: plan.parcels, subtotal });
}

/**
 * The order's `nationalShipping` (OrderNationalShipping), or null for the owner's flat national rate (no carrier was
 * quoted: the owner sends it as she chooses; the address is in the order's shipping details).
 */
export function nationalShippingOf(plan: CarrierOrderPlan, option: ShippingOption & { serviceCode: string }): OrderNationalShipping | null {
  if (option.carrier === FLAT_SHIPPING_CARRIER) return null;
  const a = plan.address;
  return {
    carrier: option.carrier,
    service: option.service,
    serviceCode: option.serviceCode,
    type: option.type,
    price: option.price,
    days: option.days,
    branch: option.type === 'branch' ? plan.branch : null,
    address: {
      street: a.street,
      number: a.number,
      ...(a.floor ? { floor: a.floor } : {}),
      ...(a.apartment ? { apartment: a.apartment } : {}),
      locality: a.locality,
      province: a.province,
      postalCode: a.postalCode,
    },
  };
}

/** The national address as the order's shipping details (address line, city, postal code) the rest of the shop reads. */
export function shippingDetailsOf(address: OrderNationalAddress): { address: string; city: string; postalCode: string } {
  const line = [
    `${address.street} ${address.number}`,
    address.floor ? `piso ${address.floor}` : '',
    address.apartment ? `depto. ${address.apartment}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return { address: line, city: address.locality, postalCode: address.postalCode };
}
