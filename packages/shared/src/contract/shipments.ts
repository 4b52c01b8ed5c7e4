import { z } from 'zod';
import { CARRIER_IDS, SHIPPING_SERVICE_TYPES, type CarrierId } from './shipping.js';

/**
 * Carrier shipments (docs/api.md "Envíos: etiquetas y seguimiento"): the staff's answer, the labels' body, the
 * shopper's tracking answer and the carriers' public tracking links.
 */

/** A shipment at the carrier: created (label ready), dispatched (handed to the carrier), in transit, delivered, cancelled. */
export const SHIPMENT_STATUSES = ['created', 'dispatched', 'in_transit', 'delivered', 'cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  created: 'Etiqueta lista',
  dispatched: 'Despachado',
  in_transit: 'En camino',
  delivered: 'Entregado',
  cancelled: 'Cancelado',
};

/** One step of the carrier's tracking, in Spanish; `code` is the carrier's own. */
export const shipmentEventSchema = z.object({ at: z.string(), description: z.string(), code: z.string() });
export type ShipmentEvent = z.infer<typeof shipmentEventSchema>;

/** The label formats: an A4 sheet (two labels a page) or the 10 × 15 cm label printers' roll. */
export const LABEL_FORMATS = ['a4', '10x15'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

export const SHIPMENT_MSG = {
  notCarrier: 'Esta orden no se envía por correo: no lleva envío con Correo Argentino ni Andreani',
  notPaid: (status: string) => `La orden todavía no está pagada (estado: ${status}): el envío se crea cuando está pagada`,
  noShipment: 'Esta orden todavía no tiene envío creado',
  cancelled: 'El envío de esta orden fue cancelado',
  notCancellable: 'El envío ya fue despachado: el correo no permite cancelarlo',
  carrierRefusedCancel: 'El correo no permitió cancelar este envío',
  notDispatchable: 'Solo se puede despachar un envío con etiqueta lista',
  orderIds: 'Indicá de 1 a 50 órdenes (orderIds)',
  format: 'El formato de la etiqueta es a4 o 10x15',
  carrierOff: (carrier: string) => `${carrier} no está activo o le faltan los datos de acceso (Configuración › Envíos)`,
  missing: (orders: string) => `Estas órdenes no tienen envío creado: ${orders}`,
} as const;

/** The staff's view of an order's shipment (`POST /orders/{id}/shipment`, `GET /orders/{id}/shipment`). */
export const shipmentAnswerSchema = z.object({
  carrier: z.enum(CARRIER_IDS),
  service: z.string(),
  type: z.enum(SHIPPING_SERVICE_TYPES),
  trackingNumber: z.string(),
  trackingUrl: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  /** The label of this order alone (A4; add `?format=10x15` for the roll). */
  labelUrl: z.string(),
  events: z.array(shipmentEventSchema),
  lastPolledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ShipmentAnswer = z.infer<typeof shipmentAnswerSchema>;
export const shipmentResponseSchema = z.object({ shipment: shipmentAnswerSchema });
export const optionalShipmentResponseSchema = z.object({ shipment: shipmentAnswerSchema.nullable() });

/** POST /shipments/labels: the labels of up to 50 orders, in one PDF. */
export const shipmentLabelsInputSchema = z.strictObject({
  orderIds: z
    .array(
      z.string({ error: SHIPMENT_MSG.orderIds }).trim().min(1, { error: SHIPMENT_MSG.orderIds }).max(64, { error: SHIPMENT_MSG.orderIds }),
      {
        error: SHIPMENT_MSG.orderIds,
      },
    )
    .min(1, { error: SHIPMENT_MSG.orderIds })
    .max(50, { error: SHIPMENT_MSG.orderIds }),
  format: z.enum(LABEL_FORMATS, { error: SHIPMENT_MSG.format }).optional().default('a4'),
});
export const labelFormatSchema = z.enum(LABEL_FORMATS, { error: SHIPMENT_MSG.format });

/** What the shopper's tracking answer adds: the carrier, the number with its link, the events (no staff data). */
export const trackedShipmentSchema = z.object({
  carrier: z.enum(CARRIER_IDS),
  carrierName: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  events: z.array(shipmentEventSchema.pick({ at: true, description: true })),
});
export type TrackedShipment = z.infer<typeof trackedShipmentSchema>;

/** The carrier's public tracking page for a number (where the shopper follows it on the carrier's site). */
export function carrierTrackingUrl(carrier: CarrierId, trackingNumber: string): string {
  const n = encodeURIComponent(trackingNumber);
  return carrier === 'andreani'
    ? `https://www.andreani.com/#!/informacionEnvio/${n}`
    : `https://www.correoargentino.com.ar/formularios/e-commerce?id=${n}`;
}
