import { z } from 'zod';
import { mercadoPagoConfig, mercadoPagoReady, type MercadoPagoConfig } from '../platform';
import { call } from './mercadopago-client';

/**
 * Mercado Pago's in-person payments through its Orders API (the one Mercado Pago develops on; the older Point
 * "payment intents" API is being migrated to it): an order of type `point` is loaded on the register's Point terminal,
 * one of type `qr` answers a dynamic QR (`type_response.qr_data`) of the register's POS. The order's status is read
 * with GET /v1/orders/{id}; Mercado Pago also notifies it (webhooks of type `order`, signed like the payments' ones).
 */

const inPersonPaymentSchema = z.object({
  id: z.string().nullish(),
  amount: z.union([z.string(), z.number()]).transform(Number),
  status: z.string().nullish(),
  status_detail: z.string().nullish(),
});

export const inPersonOrderSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.string(),
  status: z.string(),
  status_detail: z.string().nullish(),
  external_reference: z.string().nullish(),
  currency: z.string().nullish(),
  transactions: z.object({ payments: z.array(inPersonPaymentSchema).default([]) }).nullish(),
  type_response: z.object({ qr_data: z.string().nullish() }).nullish(),
});
export type InPersonOrder = z.infer<typeof inPersonOrderSchema>;

const terminalsSchema = z.object({
  data: z.object({ terminals: z.array(z.object({ id: z.string(), operating_mode: z.string().nullish() })).default([]) }),
});

export interface InPersonCharge {
  method: 'card' | 'qr';
  amount: number;
  /** The register's Point terminal (card) or its QR POS's external_pos_id (qr). */
  device: string;
  externalReference: string;
  description: string;
  idempotencyKey: string;
}

/** POST /v1/orders: the charge sent to the terminal, or a dynamic QR for it; the same key answers the same order. */
export function createInPersonOrder(charge: InPersonCharge, config: MercadoPagoConfig = mercadoPagoConfig()): Promise<InPersonOrder> {
  const body = {
    type: charge.method === 'card' ? 'point' : 'qr',
    external_reference: charge.externalReference,
    description: charge.description,
    expiration_time: 'PT15M',
    transactions: { payments: [{ amount: charge.amount.toFixed(2) }] },
    config:
      charge.method === 'card'
        ? { point: { terminal_id: charge.device, print_on_terminal: 'no_ticket' } }
        : { qr: { external_pos_id: charge.device, mode: 'dynamic' } },
  };
  return call(config, 'POST', '/v1/orders', inPersonOrderSchema, { body, idempotencyKey: charge.idempotencyKey });
}

export function getInPersonOrder(orderId: string, config: MercadoPagoConfig = mercadoPagoConfig()): Promise<InPersonOrder> {
  return call(config, 'GET', `/v1/orders/${encodeURIComponent(orderId)}`, inPersonOrderSchema);
}

/**
 * POST /v1/orders/{id}/cancel: a Point order still "created" is cancelled at once (200); one already on the terminal
 * ("at_terminal") only with x-allow-cancelable-status, answered 202: it turns "canceled" a moment later.
 */
export function cancelInPersonOrder(orderId: string, idempotencyKey: string, config: MercadoPagoConfig = mercadoPagoConfig()) {
  return call(config, 'POST', `/v1/orders/${encodeURIComponent(orderId)}/cancel`, inPersonOrderSchema, {
    idempotencyKey,
    headers: { 'x-allow-cancelable-status': 'at_terminal' },
  });
}

/** GET /terminals/v1/list: the account's Point terminals in PDV mode (those the shop can send a charge to). */
export async function pointTerminalIds(config: MercadoPagoConfig = mercadoPagoConfig()): Promise<string[]> {
  const answer = await call(config, 'GET', '/terminals/v1/list?limit=50', terminalsSchema);
  return answer.data.terminals.filter((t) => !t.operating_mode || t.operating_mode === 'PDV').map((t) => t.id);
}

/** Whether the shop can send in-person charges (Mercado Pago's token and webhook secret are set). */
export const inPersonReady = (): boolean => mercadoPagoReady();

/**
 * Who applies an in-person order Mercado Pago notified (the counter, a higher floor, wired in
 * src/bootstrap/subscribers.ts): true when it changed something.
 */
type InPersonNoticeHandler = (orderId: string) => Promise<boolean>;
let noticeHandler: InPersonNoticeHandler | null = null;

export function provideInPersonNotices(handler: InPersonNoticeHandler | null): void {
  noticeHandler = handler;
}

/** A notified in-person order, handed to its handler (false when none is wired). */
export function applyInPersonNotice(orderId: string): Promise<boolean> {
  return noticeHandler ? noticeHandler(orderId) : Promise.resolve(false);
}
