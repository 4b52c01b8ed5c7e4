import { CARRIER_LABELS, SHIPMENT_MSG, type CarrierId } from '@shop/shared';
import { ApiError, conflict } from '../../utils/http';
import {
  CarrierError,
  unavailableMessage,
  type CarrierCall,
  type CarrierShipment,
  type CarrierTrackingEvent,
  type ShipmentRequest,
} from './carrier';
import { CARRIERS } from './carriers';
import { shippingConfig } from './shipping-settings';

/**
 * A shipment's life at its carrier (create, label, cancel, track) for the orders domain: each call with the owner's
 * opened credentials and its own deadline; the carrier's failures become Spanish answers (503 when it is down or
 * slow, 502 when it refused, 409 when it no longer lets a shipment be cancelled). The shipments' table and routes
 * live in the orders domain (orders/order-shipment.ts), which reaches the carriers only through here.
 */

/** Creating a shipment or fetching a label may take longer than a quote (the carrier writes): 10 s at most. */
export const SHIPMENT_TIMEOUT_MS = 10_000;

async function callFor(carrier: CarrierId): Promise<CarrierCall> {
  const config = await shippingConfig();
  const c = config.carriers[carrier];
  if (!c.enabled || c.credentials === null) throw conflict(SHIPMENT_MSG.carrierOff(CARRIER_LABELS[carrier]));
  return { signal: AbortSignal.timeout(SHIPMENT_TIMEOUT_MS), credentials: c.credentials, origin: config.origin };
}

/** What staff read when the carrier failed (never the carrier's own text); the log keeps the detail. */
function failureOf(carrier: CarrierId, error: unknown, refused: string): never {
  if (error instanceof ApiError) throw error;
  const failure =
    error instanceof CarrierError ? error : new CarrierError(carrier, 'down', error instanceof Error ? error.message : String(error));
  strapi.log.warn(`[shipping] ${failure.message}`);
  if (failure.failure === 'refused') throw new ApiError(502, refused);
  if (failure.failure === 'credentials')
    throw new ApiError(503, `${CARRIER_LABELS[carrier]} rechazó los datos de acceso: revisalos en Configuración › Envíos`);
  throw new ApiError(503, unavailableMessage(carrier, failure.failure));
}

export type { CarrierShipment, CarrierTrackingEvent, ShipmentRequest };

export async function createCarrierShipment(carrier: CarrierId, request: ShipmentRequest): Promise<CarrierShipment> {
  try {
    return await CARRIERS[carrier].create(await callFor(carrier), request);
  } catch (error) {
    return failureOf(carrier, error, `${CARRIER_LABELS[carrier]} no aceptó el envío: revisá la dirección, la sucursal y el paquete`);
  }
}

export async function carrierLabel(carrier: CarrierId, shipment: CarrierShipment): Promise<Buffer> {
  try {
    return await CARRIERS[carrier].label(await callFor(carrier), shipment);
  } catch (error) {
    return failureOf(carrier, error, `${CARRIER_LABELS[carrier]} no entregó la etiqueta de este envío`);
  }
}

/** Cancels at the carrier; 409 (Spanish) when the carrier refuses (the parcel was already admitted). */
export async function cancelCarrierShipment(carrier: CarrierId, shipment: CarrierShipment): Promise<void> {
  try {
    await CARRIERS[carrier].cancel(await callFor(carrier), shipment);
  } catch (error) {
    if (error instanceof CarrierError && error.failure === 'refused') {
      strapi.log.warn(`[shipping] ${error.message}`);
      throw conflict(SHIPMENT_MSG.carrierRefusedCancel);
    }
    failureOf(carrier, error, SHIPMENT_MSG.carrierRefusedCancel);
  }
}

export async function trackCarrierShipment(carrier: CarrierId, shipment: CarrierShipment): Promise<CarrierTrackingEvent[]> {
  try {
    return await CARRIERS[carrier].track(await callFor(carrier), shipment);
  } catch (error) {
    return failureOf(carrier, error, `${CARRIER_LABELS[carrier]} no dio el seguimiento de este envío`);
  }
}
