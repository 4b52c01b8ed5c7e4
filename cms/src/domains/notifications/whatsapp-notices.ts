import type { WhatsappNotice, WhatsappVariable } from '@shop/shared';
import type { Trx } from '../../utils/db-write';
import { whatsappNumber } from './whatsapp-phone';
import { canSend, whatsappConfig } from './whatsapp-settings';
import { enqueueWhatsapp } from './whatsapp-store';
import { noticeParameters } from './whatsapp-variables';

/** One notice to a shopper who asked for it: its key (one message per key, ever), her phone as typed, its values. */
export interface WhatsappNoticeInput {
  key: string;
  phone: string | null;
  values: Partial<Record<WhatsappVariable, string>>;
}

/** Queues notices of one kind inside the caller's transaction (true when this call queued the message). */
export type WhatsappNoticeSender = (trx: Trx, notice: WhatsappNoticeInput) => Promise<boolean>;

/**
 * The sender of one kind of notice ('Avisame', a checkout left unfinished), or null when WhatsApp is off, not
 * connected or the notice has no template. Read before the caller's transaction (the settings are read on the
 * shared connection, never inside a SQLite write transaction); each notice is then one INSERT in it, unique per kind
 * and key, so a sweep run by two processes queues it once. The outbox's worker sends it.
 */
export async function whatsappNoticeSender(kind: WhatsappNotice): Promise<WhatsappNoticeSender | null> {
  const config = await whatsappConfig();
  const mapping = config.templates[kind];
  if (!config.enabled || !canSend(config) || !mapping) return null;
  return async (trx, notice) => {
    const phone = whatsappNumber(notice.phone);
    if (!phone) return false;
    return enqueueWhatsapp(trx, {
      dedupeKey: `${kind}:${notice.key}`,
      phone,
      step: kind,
      orderDocumentId: null,
      orderNumber: null,
      kind: 'template',
      templateName: mapping.name,
      language: mapping.language,
      parameters: noticeParameters(mapping.variables, notice.values),
      body: '',
      sentBy: null,
    });
  };
}
