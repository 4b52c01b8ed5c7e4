import { factories } from '@strapi/strapi';
import type { EmailMessage, EmailStatus, MailShipment, Order } from '@shop/shared';
import { mailSettings } from '../../../domains/platform';
import {
  prepareOrderPlaced,
  queueFulfillmentStep,
  queueOrderPlaced,
  queueStatusChange,
  type OrderPlacedWriter,
} from '../../../domains/notifications/order-notices';
import { OUTBOX_UID, listMails, requeueMail } from '../../../domains/notifications/outbox-store';
import { startMailWorker, type MailWorker } from '../../../domains/notifications/outbox-worker';
import { queueStaffInvitation, queueStaffTest, type StaffInvitation } from '../../../domains/notifications/staff-test';
import { queueOrderWhatsapp } from '../../../domains/notifications/whatsapp-outbox';
import { whatsappStepsOf } from '../../../domains/notifications/whatsapp-steps';

/** Queuing never fails the business action that caused it: the order is already committed; the error is logged. */
async function safely(what: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    strapi.log.error(`[mail] could not queue ${what}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

let worker: MailWorker | null = null;

/**
 * The shop's outgoing mail: messages are stored first (the outbox) and a worker sends them with retries, so a mail
 * server outage delays mail but never an order. Without SMTP_HOST they stay stored, readable by staff.
 */
export default factories.createCoreService(OUTBOX_UID, () => ({
  /** After an order is committed: the shopper's receipt and the owner's notices. */
  async orderPlaced(order: Order, origin: string | null = null): Promise<void> {
    await safely(`the mail of order ${order.orderNumber}`, () => queueOrderPlaced(order, origin));
    await this.orderPlacedWhatsapp(order, origin);
  },

  /**
   * Before a checkout order's transaction: what writes its mails inside it (order-notices.ts prepareOrderPlaced), or
   * null when what they need could not be read (the order then gets them after its commit, through orderPlaced).
   */
  async prepareOrderPlaced(origin: string | null = null): Promise<OrderPlacedWriter | null> {
    try {
      return await prepareOrderPlaced(origin);
    } catch (err) {
      strapi.log.error(`[mail] could not prepare an order's mail: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  },

  /** After an order is committed: its first step on WhatsApp, for a shopper who asked for it (whatsapp-outbox.ts). */
  async orderPlacedWhatsapp(order: Order, origin: string | null = null): Promise<void> {
    await safely(`the WhatsApp messages of order ${order.orderNumber}`, () =>
      queueOrderWhatsapp(order, whatsappStepsOf({ kind: 'placed', order }), origin),
    );
  },

  /** After a status change is committed: the shopper's notice when the change matters to them. */
  async statusChanged(order: Order, from: string, reason: string | null = null, origin: string | null = null): Promise<void> {
    await safely(`the status mail of order ${order.orderNumber}`, () => queueStatusChange(order, from, reason, origin));
    await safely(`the WhatsApp messages of order ${order.orderNumber}`, () =>
      queueOrderWhatsapp(order, whatsappStepsOf({ kind: 'status', order, from }), origin),
    );
  },

  /** After a fulfilment step is committed: ready for pickup, shipped or delivered (with the cash collected, if any). */
  async fulfillmentChanged(
    order: Order,
    cashCollected: number | null = null,
    origin: string | null = null,
    shipment: MailShipment | null = null,
  ): Promise<void> {
    await safely(`the fulfilment mail of order ${order.orderNumber}`, () => queueFulfillmentStep(order, cashCollected, origin, shipment));
    await safely(`the WhatsApp messages of order ${order.orderNumber}`, () =>
      queueOrderWhatsapp(order, whatsappStepsOf({ kind: 'fulfillment', order }), origin, shipment),
    );
  },

  async list(query: { page: number; limit: number; status?: EmailStatus; orderDocumentId?: string }) {
    const { emails, total } = await listMails(query);
    return { emails, total, totalPages: Math.ceil(total / query.limit), page: query.page, mailConfigured: mailSettings().host !== '' };
  },

  /** The owner's test message to her own address, through the outbox like every other mail (the worker sends it). */
  staffTest(to: string, requestedBy: string, origin: string | null): Promise<EmailMessage> {
    return queueStaffTest(to, requestedBy, origin);
  },

  /** A new staff member's invitation e-mail with her one-time link (the staff domain makes the token). */
  staffInvitation(invitation: StaffInvitation, origin: string | null): Promise<EmailMessage> {
    return queueStaffInvitation(invitation, origin);
  },

  /** Whether this server has a mail server to send through (SMTP_HOST). */
  mailConfigured(): boolean {
    return mailSettings().host !== '';
  },

  resend(id: number): Promise<EmailMessage | null> {
    return requeueMail(id);
  },

  startWorker(): void {
    worker ??= startMailWorker();
  },

  async stopWorker(): Promise<void> {
    const running = worker;
    worker = null;
    await running?.stop();
  },
}));
