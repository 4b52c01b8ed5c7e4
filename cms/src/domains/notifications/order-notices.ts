import {
  FULFILLMENT_MAIL_KINDS,
  SHOP_BRAND,
  orderFulfillmentMail,
  orderReceivedMail,
  orderStatusMail,
  ownerNewOrderMail,
  ownerProofReceivedMail,
  type MailContent,
  type MailShipment,
  type MailShop,
  type Order,
  type ShopperMailContext,
  type ShopperStatusKind,
  type SiteContent,
} from '@shop/shared';
import { mailSettings } from '../platform';
import { ADMIN_ROLE_TYPE, USER_UID } from '../staff';
import { writeTransaction, isRecord, type Trx } from '../../utils/db-write';
import { shopBaseUrl, trackingUrl } from '../../utils/public-url';
import { enqueueMails, type OutgoingMail } from './outbox-store';

export function shopOf(content: SiteContent): MailShop {
  const contactLines = content.contact.contactInfo
    .filter((card) => card.details.length > 0)
    .slice(0, 3)
    .map((card) => `${card.title}: ${card.details.join(' · ')}`);
  return { brand: SHOP_BRAND, contactLines };
}

function shopperContext(content: SiteContent, order: Order, origin: string | null): ShopperMailContext {
  const bank = content.checkout.paymentInfo.bankTransfer;
  const meeting = content.checkout.deliveryInfo.meetingPoint;
  return {
    shop: shopOf(content),
    bank,
    meetingPoint: { title: meeting.title, address: meeting.address, schedule: meeting.schedule, notes: meeting.notes },
    trackingUrl: trackingUrl(origin, order.orderNumber),
  };
}

/** The first staff account's e-mail as last found, kept a second (issue 64: it was a statement of every checkout). */
let foundOwner: { email: string; until: number } | null = null;
const OWNER_KEPT_MS = 1000;

/**
 * OWNER_EMAIL, else the e-mail of the first staff account. A found e-mail is kept a second, as the catalogue's cached
 * answers are: at a peak every order read it again. A change of that account shows within the second; none found
 * is never kept (the shop's first account may be made at any time).
 */
async function ownerEmail(): Promise<string | null> {
  const configured = mailSettings().ownerEmail;
  if (configured) return configured;
  if (foundOwner && Date.now() < foundOwner.until) return foundOwner.email;
  const email = await firstStaffEmail();
  foundOwner = email === null ? null : { email, until: Date.now() + OWNER_KEPT_MS };
  return email;
}

async function firstStaffEmail(): Promise<string | null> {
  const row: unknown = await strapi.db.query(USER_UID).findOne({
    where: { role: { type: ADMIN_ROLE_TYPE }, $or: [{ blocked: false }, { blocked: { $null: true } }] },
    select: ['email'],
    orderBy: { id: 'asc' },
  });
  return isRecord(row) && typeof row.email === 'string' && row.email !== '' ? row.email : null;
}

// The cached content (fresh within a second across processes, at once in this one): an order's mails are built after
// every checkout, and reading and checking the whole content each time cost the checkout a statement and its CPU.
const content = () => strapi.service('api::site-content.site-content').cachedContent();

function mailFor(order: Order, to: string, kind: OutgoingMail['kind'], body: MailContent): OutgoingMail {
  return { to, kind, ...body, orderDocumentId: order._id, orderNumber: order.orderNumber };
}

/** Stores the messages with one statement (all or none), retried when it loses a lock race like every other write. */
async function enqueueAll(all: OutgoingMail[]): Promise<void> {
  // A sale taken by staff may have no e-mail (a phone only): its shopper gets no mail.
  const mails = all.filter((mail) => mail.to.trim() !== '');
  if (mails.length === 0) return;
  await writeTransaction((trx) => enqueueMails(trx, mails));
}

/** New order: the shopper's receipt, the owner's notice, and the owner's proof notice when it came with a proof. */
function orderPlacedMails(order: Order, origin: string | null, site: SiteContent, owner: string | null): OutgoingMail[] {
  const mails = [mailFor(order, order.shippingInfo.email, 'order_received', orderReceivedMail(order, shopperContext(site, order, origin)))];
  if (owner) {
    const ctx = { shop: shopOf(site), orderUrl: `${shopBaseUrl(origin)}/admin/orders/${encodeURIComponent(order._id)}` };
    mails.push(mailFor(order, owner, 'owner_new_order', ownerNewOrderMail(order, ctx)));
    if (order.transferProofUrl) mails.push(mailFor(order, owner, 'owner_proof_received', ownerProofReceivedMail(order, ctx)));
  }
  return mails.filter((mail) => mail.to.trim() !== '');
}

export async function queueOrderPlaced(order: Order, origin: string | null): Promise<void> {
  await enqueueAll(orderPlacedMails(order, origin, await content(), await ownerEmail()));
}

/** Writes a new order's mails inside the order's own transaction (see prepareOrderPlaced). */
export type OrderPlacedWriter = (trx: Trx, order: Order) => Promise<void>;

/**
 * A new order's mails written with the order itself, in its transaction: one commit instead of two (on SQLite each
 * commit waits for its fsync with the whole process), and no order is ever committed without its receipt queued.
 * What the mails read from the database (the content, the owner's address) is read now, before the transaction:
 * on SQLite a read outside it would wait for the one connection the transaction holds. A mail that cannot be built
 * is logged and left out; the order goes on.
 */
export async function prepareOrderPlaced(origin: string | null): Promise<OrderPlacedWriter> {
  const site = await content();
  const owner = await ownerEmail();
  return async (trx, order) => {
    let mails: OutgoingMail[];
    try {
      mails = orderPlacedMails(order, origin, site, owner);
    } catch (err) {
      strapi.log.error(
        `[mail] could not build the mail of order ${order.orderNumber}: ${err instanceof Error ? err.message : String(err)}`,
      );
      return;
    }
    await enqueueMails(trx, mails);
  };
}

/** Which message a status change sends the shopper, if any. */
export function statusNoticeKind(from: string, to: string): ShopperStatusKind | null {
  if (from === to) return null;
  if (from === 'pending_transfer_confirmation' && to === 'pending_transfer_proof') return 'proof_rejected';
  const byStatus: Record<string, ShopperStatusKind> = {
    paid: 'order_paid',
    confirmado: 'order_confirmed',
    cancelled: 'order_cancelled',
    refunded: 'order_refunded',
  };
  return byStatus[to] ?? null;
}

/** A status change the shopper should hear about (paid, confirmed, cancelled, refunded, proof rejected). */
export async function queueStatusChange(order: Order, from: string, reason: string | null, origin: string | null): Promise<void> {
  const kind = statusNoticeKind(from, order.status);
  if (!kind) return;
  const site = await content();
  await enqueueAll([
    mailFor(order, order.shippingInfo.email, kind, orderStatusMail(order, kind, reason, shopperContext(site, order, origin))),
  ]);
}

/**
 * A fulfilment step the shopper should hear about: ready for pickup (where and when), on its way, delivered (with
 * the cash collected when she paid on hand-over). Other steps (packed) send nothing.
 */
export async function queueFulfillmentStep(
  order: Order,
  cashCollected: number | null,
  origin: string | null,
  shipment: MailShipment | null = null,
): Promise<void> {
  const step = order.fulfillment;
  if (step !== 'ready_for_pickup' && step !== 'shipped' && step !== 'delivered') return;
  const site = await content();
  const body = orderFulfillmentMail(order, step, shopperContext(site, order, origin), cashCollected, shipment);
  await enqueueAll([mailFor(order, order.shippingInfo.email, FULFILLMENT_MAIL_KINDS[step], body)]);
}
