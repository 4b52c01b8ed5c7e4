import type { GoLiveItem } from '../../contract/health.js';
import { emailItem, httpsItem, publicUrlItem } from './address-items.js';
import { backupItem, offsiteItem } from './backup-items.js';
import type { GoLiveFacts } from './facts.js';
import { dataFiscalItem, diskItem, invoicingItem, lastErrorItem, mercadoPagoItem, redisItem, twoFactorItem } from './service-items.js';

/**
 * The owner's go-live checklist ("Lista para abrir la tienda"): the rules that turn raw facts the server gathered
 * (environment, backup status file, disk space, accounts...) into green/red lines with Spanish texts. Pure: the
 * server gathers, these functions decide and word, the back office reuses the formatting.
 */

/** Every line of the checklist from the facts, in GO_LIVE_ITEM_IDS order. */
export function goLiveChecklist(facts: GoLiveFacts): GoLiveItem[] {
  return [
    httpsItem(facts),
    publicUrlItem(facts),
    emailItem(facts),
    backupItem(facts),
    offsiteItem(facts),
    mercadoPagoItem(facts),
    invoicingItem(facts),
    dataFiscalItem(facts),
    twoFactorItem(facts),
    diskItem(facts),
    redisItem(facts),
    lastErrorItem(facts),
  ];
}

/** How many lines are ready, and how many apply (null lines do not count). */
export function goLiveProgress(items: readonly GoLiveItem[]): { ready: number; applicable: number } {
  const applicable = items.filter((item) => item.ok !== null);
  return { ready: applicable.filter((item) => item.ok === true).length, applicable: applicable.length };
}
