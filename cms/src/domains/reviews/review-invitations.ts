import { createHash } from 'node:crypto';
import { REVIEW_MSG, reviewInvitationMail } from '@shop/shared';
import type { Order } from '@shop/shared';
import { findOrderDocument, fulfillmentStepsOf, getOrder, ORDERS_TABLE } from '../orders';
import { enqueueMail, mailAllowed, shopOf } from '../notifications';
import { insertDocumentOnce, isRecord, table, writeTransaction } from '../../utils/db-write';
import { badRequest } from '../../utils/http';
import { shopBaseUrl } from '../../utils/public-url';
import { reviewSettings } from './review-settings';
import { INVITATIONS_TABLE, REVIEWS_TABLE, type Row } from './review-store';
import { invitationToken, orderOfToken } from './review-tokens';

const DAY_MS = 86_400_000;
const BATCH = 100;
/** The one reminder goes this many days after the invitation, when no line was reviewed. */
const REMINDER_AFTER_DAYS = 7;
/**
 * An order delivered longer ago than the delay and this many days is not invited (the first sweep on a shop with a
 * long history would otherwise write to every past buyer): its row is recorded, nothing is sent.
 */
const STALE_AFTER_DAYS = 30;

/** What the opt-out list keeps of an address: a hash, never the address. */
export const emailHash = (email: string) => createHash('sha256').update(`review-optout:${email.trim().toLowerCase()}`).digest('hex');

/** REVIEW_INVITATIONS_EVERY_MS (default 10 minutes; tests set it short). */
export function invitationsEveryMs(): number {
  const value = Number(process.env.REVIEW_INVITATIONS_EVERY_MS);
  return Number.isFinite(value) && value >= 100 ? value : 10 * 60_000;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

function deliveredAtOf(row: Row): number | null {
  const steps = fulfillmentStepsOf(row.fulfillment_steps).filter((s) => s.step === 'delivered');
  const at = steps.at(-1)?.at;
  const time = at ? new Date(at).getTime() : NaN;
  return Number.isFinite(time) ? time : null;
}

async function queue(order: Order, reminder: boolean): Promise<void> {
  // Her account's preferences may have switched invitations off ("Novedades e invitaciones a opinar").
  if (!(await mailAllowed(order.shippingInfo.email, 'review_invitation'))) return;
  const content = await strapi.service('api::site-content.site-content').cachedContent();
  const base = shopBaseUrl(null);
  const token = encodeURIComponent(invitationToken(order._id));
  const mail = reviewInvitationMail({
    shop: shopOf(content),
    firstName: order.shippingInfo.fullName.trim().split(/\s+/)[0] ?? '',
    orderNumber: order.orderNumber,
    lines: order.items.map((i) => [i.title, i.color, i.size].filter(Boolean).join(' ')),
    reviewUrl: `${base}/opinar/${token}`,
    unsubscribeUrl: `${base}/opinar/baja?token=${token}`,
    reminder,
  });
  await enqueueMail({
    to: order.shippingInfo.email,
    kind: 'review_invitation',
    ...mail,
    orderDocumentId: order._id,
    orderNumber: order.orderNumber,
    listUnsubscribeUrl: `${base}/api/reviews/unsubscribe?token=${token}`,
  });
}

async function optedOut(hash: string): Promise<boolean> {
  const row: unknown = await table(strapi.db.connection, INVITATIONS_TABLE).where({ email_hash: hash, opted_out: true }).first('id');
  return isRecord(row);
}

/**
 * Invites each delivered order with an e-mail once, `invitationDelayDays` after its delivery (the invitation's row is
 * the claim: unique per order, so two processes send it once), never to an address that unsubscribed; and reminds
 * once, a week later, an order none of whose lines was reviewed. An order without an e-mail gets a row and no mail,
 * so it is not looked at again.
 */
export async function sweepReviewInvitations(now = Date.now()): Promise<number> {
  const { invitationDelayDays } = await reviewSettings();
  const knex = strapi.db.connection;
  const due = now - invitationDelayDays * DAY_MS;
  // The delivery is read from the steps below; an order last changed after the delay cannot be due yet.
  const candidates: Row[] = await table(knex, `${ORDERS_TABLE} as o`)
    .leftJoin(`${INVITATIONS_TABLE} as i`, 'i.order_document_id', 'o.document_id')
    .where('o.fulfillment', 'delivered')
    .whereNotIn('o.order_status', ['cancelled', 'refunded'])
    .whereNull('i.id')
    .andWhere('o.updated_at', '<=', new Date(due))
    .select('o.document_id', 'o.fulfillment_steps')
    .orderBy('o.id', 'asc')
    .limit(BATCH);
  let sent = 0;
  for (const row of candidates) {
    const delivered = deliveredAtOf(row);
    if (delivered === null || delivered > due) continue;
    const order = await getOrder(text(row.document_id));
    const email = order.shippingInfo.email.trim();
    const hash = email ? emailHash(email) : null;
    const stale = delivered < due - STALE_AFTER_DAYS * DAY_MS;
    const invite = hash !== null && !stale && !(await optedOut(hash));
    const claimed = await writeTransaction((trx) =>
      insertDocumentOnce(
        trx,
        INVITATIONS_TABLE,
        { order_document_id: order._id, email_hash: hash, opted_out: false, sent_at: invite ? new Date(now) : null },
        'order_document_id',
      ),
    );
    if (claimed && invite) {
      await queue(order, false);
      sent += 1;
    }
  }
  sent += await sendReminders(now);
  if (sent > 0) strapi.log.info(`[reviews] ${sent} invitation(s) to review queued`);
  return sent;
}

async function sendReminders(now: number): Promise<number> {
  const rows: Row[] = await table(strapi.db.connection, `${INVITATIONS_TABLE} as i`)
    .whereNotNull('i.sent_at')
    .whereNull('i.reminded_at')
    .andWhere('i.sent_at', '<=', new Date(now - REMINDER_AFTER_DAYS * DAY_MS))
    .whereNotExists(function reviewed() {
      void this.select('r.id').from(`${REVIEWS_TABLE} as r`).whereRaw('r.order_document_id = i.order_document_id');
    })
    .select('i.id', 'i.email_hash', 'i.order_document_id')
    .limit(BATCH);
  let sent = 0;
  for (const row of rows) {
    // Claimed first (one process sends it), then queued; an address that unsubscribed meanwhile gets nothing.
    const claimed = Number(
      await writeTransaction((trx) =>
        table(trx, INVITATIONS_TABLE)
          .where({ id: Number(row.id) })
          .whereNull('reminded_at')
          .update({ reminded_at: new Date(now), updated_at: new Date(now) }),
      ),
    );
    if (claimed !== 1 || (await optedOut(text(row.email_hash)))) continue;
    if (!(await findOrderDocument(text(row.order_document_id)))) continue;
    await queue(await getOrder(text(row.order_document_id)), true);
    sent += 1;
  }
  return sent;
}

/** The invitation's "no quiero más" (the page and RFC 8058's one-click POST): her address is never invited again. */
export async function unsubscribeInvitations(token: unknown): Promise<{ message: string }> {
  const orderId = orderOfToken(token);
  if (!orderId) throw badRequest(REVIEW_MSG.badToken);
  const knex = strapi.db.connection;
  const invited: unknown = await table(knex, INVITATIONS_TABLE).where({ order_document_id: orderId }).first('email_hash');
  const hash = isRecord(invited) ? text(invited.email_hash) : '';
  if (hash) {
    await writeTransaction(async (trx) => {
      const exists: unknown = await table(trx, INVITATIONS_TABLE).where({ email_hash: hash, opted_out: true }).first('id');
      if (!exists) await insertDocumentOnce(trx, INVITATIONS_TABLE, { order_document_id: null, email_hash: hash, opted_out: true }, 'id');
    });
  }
  return { message: REVIEW_MSG.unsubscribed };
}

let timer: NodeJS.Timeout | null = null;
let running: Promise<unknown> | null = null;

export function startReviewSweeps(): void {
  if (timer) return;
  const tick = () => {
    if (running) return;
    running = sweepReviewInvitations()
      .catch((err: unknown) => strapi.log.error(`[reviews] invitations sweep failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        running = null;
      });
  };
  timer = setInterval(tick, invitationsEveryMs());
  timer.unref();
}

export async function stopReviewSweeps(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = null;
  await running;
}
