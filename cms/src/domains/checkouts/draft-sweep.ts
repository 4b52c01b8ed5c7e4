// The abandoned checkouts' sweep: the owner's automatic e-mail (once per draft, never to an address that unsubscribed)
// and the deletion of drafts 30 days after their last change; and its timer.
import { abandonedCheckoutMail, CHECKOUT_DRAFT_KEEP_DAYS, formatPrice, recoveryPath } from '@shop/shared';
import { affectedRows, writeTransaction } from '../../utils/db-write';
import { shopBaseUrl } from '../../utils/public-url';
import { enqueueMail, mailAllowed, shopOf, whatsappNoticeSender, type WhatsappNoticeSender } from '../notifications';
import { priceDraft } from './draft-pricing';
import { draftOf, draftsTable, optedOut, type Draft, type Row } from './draft-store';

/** How often each process sweeps (CHECKOUT_SWEEP_EVERY_MS; tests use a second). */
function sweepEveryMs(): number {
  const value = Number(process.env.CHECKOUT_SWEEP_EVERY_MS);
  return Number.isFinite(value) && value >= 200 ? value : 5 * 60_000;
}
const SWEEP_BATCH = 200;

/**
 * Claims the draft (conditional UPDATE: among several processes one wins) and queues its e-mail, and its WhatsApp
 * message when she ticked "Si no termino la compra, recordámelo por WhatsApp" (`whatsapp`: the notice's sender).
 */
async function claimAndQueue(draft: Draft, mailOn: boolean, whatsapp: WhatsappNoticeSender | null): Promise<boolean> {
  const byMail = mailOn && draft.email !== null && !(await optedOut(draft.email));
  const byWhatsapp = whatsapp !== null && draft.whatsappOptIn && draft.phone !== null;
  if (!byMail && !byWhatsapp) return false;
  const content = await strapi.service('api::site-content.site-content').cachedContent();
  const priced = await priceDraft(draft.lines);
  const base = draft.shopUrl || shopBaseUrl(null);
  const token = encodeURIComponent(draft.token);
  const mail = abandonedCheckoutMail({
    shop: shopOf(content),
    fullName: draft.fullName,
    lines: priced.lines.map((l) => {
      const variant = [l.color, l.size].filter(Boolean).join(' ');
      const what = `${l.title}${variant ? ` ${variant}` : ''} × ${l.quantity}`;
      return l.available && l.lineTotal !== null ? `${what}: ${formatPrice(l.lineTotal)}` : `${what}: sin stock por ahora`;
    }),
    total: priced.total,
    recoveryUrl: `${base}${recoveryPath(draft.token)}`,
    unsubscribeUrl: `${base}/checkout/baja?token=${token}`,
  });
  const email = draft.email;
  const firstName = draft.fullName?.trim().split(/\s+/)[0] ?? '';
  return writeTransaction(async (trx) => {
    const claimed = affectedRows(
      await draftsTable(trx)
        .where('id', draft.id)
        .whereNull('email_sent_at')
        .whereNull('converted_at')
        .update({ email_sent_at: new Date() }),
    );
    if (claimed !== 1) return false;
    // Her account's preferences may have switched the reminder off (the WhatsApp one is her own tick).
    if (byMail && email && (await mailAllowed(email, 'abandoned_checkout'))) {
      await enqueueMail({
        to: email,
        kind: 'abandoned_checkout',
        ...mail,
        orderDocumentId: null,
        orderNumber: null,
        listUnsubscribeUrl: `${base}/api/checkouts/unsubscribe?token=${token}`,
      });
    }
    if (byWhatsapp) {
      await whatsapp(trx, {
        key: String(draft.id),
        phone: draft.phone,
        values: {
          name: firstName || 'hola',
          productTitle: priced.lines.map((l) => `${l.title}${l.quantity > 1 ? ` × ${l.quantity}` : ''}`).join(', '),
          total: formatPrice(priced.total),
          link: `${base}${recoveryPath(draft.token)}`,
        },
      });
    }
    return true;
  });
}

/**
 * Queues the due reminders and deletes old drafts: the e-mail when the owner switched it on, the WhatsApp message when
 * she mapped its template (Canales › WhatsApp) and the shopper asked for it. Returns the drafts reminded.
 */
export async function sweepDrafts(): Promise<number> {
  const purgeBefore = new Date(Date.now() - CHECKOUT_DRAFT_KEEP_DAYS * 86_400_000);
  await writeTransaction(async (trx) => draftsTable(trx).where('updated_at', '<', purgeBefore).delete());
  const content = await strapi.service('api::site-content.site-content').cachedContent();
  const { abandonedEmailEnabled, abandonedEmailAfterHours } = content.checkout;
  const byMail = abandonedEmailEnabled === true;
  // Read once, before any draft's transaction: WhatsApp's settings and the notice's template.
  const whatsapp = await whatsappNoticeSender('cart_recovery');
  if (!byMail && !whatsapp) return 0;
  const hours = Number.isFinite(Number(abandonedEmailAfterHours)) ? Number(abandonedEmailAfterHours) : 3;
  const due: Row[] = await draftsTable()
    .whereNull('converted_at')
    .whereNull('email_sent_at')
    .andWhere((q) => {
      if (byMail) void q.whereNotNull('email');
      if (whatsapp) {
        void q.orWhere((both) => {
          void both.where('whatsapp_opt_in', true).whereNotNull('phone');
        });
      }
    })
    .andWhere('updated_at', '<=', new Date(Date.now() - hours * 3_600_000))
    .orderBy('id', 'asc')
    .limit(SWEEP_BATCH)
    .select('*');
  let queued = 0;
  for (const row of due) if (await claimAndQueue(draftOf(row), byMail, whatsapp)) queued += 1;
  if (queued > 0) strapi.log.info(`[checkouts] ${queued} abandoned checkout(s) reminded`);
  return queued;
}

let interval: NodeJS.Timeout | null = null;
let sweeping: Promise<unknown> | null = null;

function runSweep(): void {
  if (sweeping) return;
  sweeping = sweepDrafts()
    .catch((err: unknown) => strapi.log.warn(`[checkouts] sweep failed: ${err instanceof Error ? err.message : String(err)}`))
    .finally(() => {
      sweeping = null;
    });
}

export function startDraftSweeps(): void {
  if (interval) return;
  interval = setInterval(runSweep, sweepEveryMs());
  interval.unref();
}

export async function stopDraftSweeps(): Promise<void> {
  if (interval) clearInterval(interval);
  interval = null;
  await sweeping;
}
