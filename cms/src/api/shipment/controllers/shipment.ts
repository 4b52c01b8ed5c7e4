import type { Context } from 'koa';
import {
  CARRIER_LABELS,
  labelFormatSchema,
  optionalShipmentResponseSchema,
  shipmentLabelsInputSchema,
  SHIPMENT_MSG,
  shipmentResponseSchema,
  type ShipmentAnswer,
} from '@shop/shared';
import { noteActivity, requireStaff } from '../../../domains/staff';
import { staffActor } from '../../../domains/orders/order-history';
import { badRequest, parseWith, queryString, reply, requestBody, sendPdfDownload } from '../../../utils/http';
import { routeParam } from '../../../utils/route-param';

const shipments = () => strapi.service('api::shipment.shipment');

/** docs/api.md "Envíos: etiquetas y seguimiento". */
export default {
  /** GET /orders/:id/shipment (orders.view): the order's shipment, or null. */
  async show(ctx: Context) {
    await requireStaff(ctx, 'orders.view');
    ctx.set('Cache-Control', 'no-store');
    reply(ctx, optionalShipmentResponseSchema, { shipment: await shipments().show(routeParam(ctx, 'id')) });
  },

  /** POST /orders/:id/shipment (orders.manage): created at the carrier once; a repeat answers the same shipment. */
  async create(ctx: Context) {
    await requireStaff(ctx, 'orders.manage');
    const shipment: ShipmentAnswer = await shipments().create(routeParam(ctx, 'id'));
    noteActivity(ctx, { target: shipment.trackingNumber, summary: `Envío ${CARRIER_LABELS[shipment.carrier]} ${shipment.trackingNumber}` });
    reply(ctx, shipmentResponseSchema, { shipment });
  },

  /** DELETE /orders/:id/shipment (orders.manage): cancelled at the carrier while it allows it (409 otherwise). */
  async cancel(ctx: Context) {
    await requireStaff(ctx, 'orders.manage');
    const shipment = await shipments().cancel(routeParam(ctx, 'id'));
    noteActivity(ctx, { target: shipment.trackingNumber, summary: `Envío ${shipment.trackingNumber} cancelado` });
    reply(ctx, shipmentResponseSchema, { shipment });
  },

  /** POST /orders/:id/shipment/dispatch (orders.manage): "Despachado"; the order becomes "Enviado". */
  async dispatch(ctx: Context) {
    const staff = await requireStaff(ctx, 'orders.manage');
    const shipment = await shipments().dispatch(routeParam(ctx, 'id'), staffActor(staff), ctx.request.origin);
    noteActivity(ctx, { target: shipment.trackingNumber, summary: `Envío ${shipment.trackingNumber} despachado` });
    reply(ctx, shipmentResponseSchema, { shipment });
  },

  /** GET /orders/:id/shipment/label?format=a4|10x15|carrier|summary (orders.manage): this order's label as a PDF. */
  async label(ctx: Context) {
    await requireStaff(ctx, 'orders.manage');
    const raw = queryString(ctx.query.format) ?? 'a4';
    const parsed = labelFormatSchema.safeParse(raw);
    if (raw !== 'carrier' && raw !== 'summary' && !parsed.success) throw badRequest(SHIPMENT_MSG.format);
    const format = parsed.success ? parsed.data : (raw as 'carrier' | 'summary');
    const id = routeParam(ctx, 'id');
    sendPdfDownload(ctx, { pdf: await shipments().label(id, format), filename: `etiqueta-${id}.pdf` });
  },

  /** POST /shipments/labels {orderIds (1 to 50), format} (orders.manage): every label in one PDF. */
  async labels(ctx: Context) {
    await requireStaff(ctx, 'orders.manage');
    const body = requestBody(ctx);
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('Indicá las órdenes (orderIds) y el formato');
    const input = parseWith(shipmentLabelsInputSchema, body);
    const pdf = await shipments().labels(input.orderIds, input.format);
    noteActivity(ctx, {
      target: `${input.orderIds.length} órdenes`,
      summary: `Etiquetas de ${input.orderIds.length} envíos (${input.format})`,
    });
    sendPdfDownload(ctx, { pdf, filename: `etiquetas-${input.format}.pdf` });
  },
};
