import type { AccountPreferences, EmailKind } from '@shop/shared';

/** The optional mails a shopper's account preferences switch off (an order's own mails always go). */
const TOPIC_OF: Partial<Record<EmailKind, keyof AccountPreferences>> = {
  abandoned_checkout: 'cartRecovery',
  stock_alert: 'stockAlerts',
  review_invitation: 'news',
};

type Consent = (email: string, topic: keyof AccountPreferences) => Promise<boolean>;
let consent: Consent | null = null;

/** Given at start-up by the accounts domain (bootstrap/subscribers.ts): whether her preferences accept a topic. */
export function provideMailConsent(check: Consent | null): void {
  consent = check;
}

/**
 * Whether this optional mail may go to this address: true for every kind that is not optional, and for any address
 * without an account. Call it where the mail is decided (the sweeps), inside their transaction or not.
 */
export async function mailAllowed(to: string, kind: EmailKind): Promise<boolean> {
  const topic = TOPIC_OF[kind];
  if (!topic || !consent || !to) return true;
  return consent(to.trim().toLowerCase(), topic);
}
