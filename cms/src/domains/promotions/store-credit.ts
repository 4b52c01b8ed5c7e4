import { newDocumentId, table, type Trx } from '../../utils/db-write';
import { COUPONS_TABLE } from './promotion-store';

/**
 * Store credit: a one-use coupon of a fixed amount, written inside the caller's transaction (a return received
 * gives it once, with the return's own step). The code is unique (CREDITO-<return number>), so a repeat cannot
 * make a second one.
 */
export async function createStoreCredit(trx: Trx, code: string, amount: number, now: Date = new Date()): Promise<string> {
  const existing: unknown = await table(trx, COUPONS_TABLE).where('code', code).first('code');
  if (existing) return code;
  await table(trx, COUPONS_TABLE).insert({
    code,
    coupon_type: 'fixed',
    value: amount,
    min_subtotal: 0,
    starts_at: null,
    ends_at: null,
    max_uses: 1,
    one_per_customer: false,
    categories: JSON.stringify([]),
    is_active: true,
    uses: 0,
    document_id: newDocumentId(),
    created_at: now,
    updated_at: now,
    published_at: now,
  });
  return code;
}
