import { describe, expect, inject, it } from 'vitest';
import { stockCheckAnswerSchema, stockMovementsAnswerSchema } from '@shop/shared';
import { adminTokenAt, api } from '../helpers/api';
import { knexOn } from '../helpers/database';
import { shopPerTest } from '../helpers/shop-per-test';

/**
 * The stock ledger at start-up: a fresh shop's demo products open the ledger with their units (the check is ok); a
 * shop from before the ledger (no movements) gets every variant's opening balance at its next start, once; and a
 * variant whose units were changed behind the shop's back is named by the start-up check's log and by GET /stock-check.
 */
describe('the stock ledger at start-up', () => {
  const shops = shopPerTest();

  it('opens every variant once and logs the variants that differ from their movements', async () => {
    const database = await shops.createDatabase(inject('databaseKind'));
    const first = await shops.start({});
    const check = async (url: string) => {
      const res = await api('/stock-check', { baseUrl: url, token: await adminTokenAt(url) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return stockCheckAnswerSchema.parse(res.body);
    };
    const fresh = await check(first.url);
    expect(fresh).toMatchObject({ ok: true, mismatches: [] });
    expect(fresh.variants).toBeGreaterThan(10);
    const openings = await api('/stock-movements?reason=opening', { baseUrl: first.url, token: await adminTokenAt(first.url) });
    expect(stockMovementsAnswerSchema.parse(openings.body).total).toBeGreaterThan(10);
    expect(first.logs()).toMatch(/\[stock\] ledger check: \d+ variant\(s\), every stock equals the sum of its movements/);
    await first.stop();

    // A shop from before the ledger: no movements, except those of one variant whose units a script then changed.
    const db = knexOn(database.env);
    let broken: { documentId: string; sku: string; stock: number } | undefined;
    try {
      const rows: { document_id: string; variants: unknown }[] = await db('products').select('document_id', 'variants').orderBy('id');
      for (const row of rows) {
        const variants = (typeof row.variants === 'string' ? JSON.parse(row.variants) : row.variants) as {
          id: string;
          sku: string;
          stock: number;
        }[];
        const stocked = variants.find((variant) => variant.stock > 0);
        if (!stocked) continue;
        broken = { documentId: row.document_id, sku: stocked.sku, stock: stocked.stock + 2 };
        const changed = variants.map((variant) => (variant.id === stocked.id ? { ...variant, stock: variant.stock + 2 } : variant));
        await db('products')
          .where('document_id', row.document_id)
          .update({ variants: JSON.stringify(changed) });
        await db('stock_movements')
          .whereNot((q) => void q.where({ product_document_id: row.document_id, variant_id: stocked.id }))
          .del();
        break;
      }
    } finally {
      await db.destroy();
    }
    expect(broken).toBeDefined();

    const second = await shops.start({});
    expect(second.logs()).toMatch(/\[stock\] ledger: opening balance written for \d+ variant\(s\)/);
    expect(second.logs()).toContain(
      `differ from their movements: ${broken!.sku} (stock ${broken!.stock}, movimientos ${broken!.stock - 2})`,
    );
    const after = await check(second.url);
    expect(after.ok).toBe(false);
    expect(after.mismatches).toEqual([
      { sku: broken!.sku, productId: broken!.documentId, variantId: expect.any(String), stock: broken!.stock, ledger: broken!.stock - 2 },
    ]);
    const opened = stockMovementsAnswerSchema.parse(
      (await api('/stock-movements?reason=opening', { baseUrl: second.url, token: await adminTokenAt(second.url) })).body,
    ).total;
    await second.stop();

    // A third start opens nothing more.
    const third = await shops.start({});
    expect(third.logs()).not.toMatch(/opening balance written/);
    const again = stockMovementsAnswerSchema.parse(
      (await api('/stock-movements?reason=opening', { baseUrl: third.url, token: await adminTokenAt(third.url) })).body,
    ).total;
    expect(again).toBe(opened);
  });
});
