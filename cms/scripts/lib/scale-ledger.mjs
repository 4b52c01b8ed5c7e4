// The fifth wave's rows at scale (issue 60 §4): the stock ledger's movements (a million over three years: sales,
// purchases, returns and adjustments of every variant) and exchange requests (5,000, each one line moving a size up
// or down), written by the database itself like the rest of the scale data (scale-data.mjs).
import { agoSql, jsonSql, seriesSql as series } from './bench.mjs';
import { pick, variantParts } from './scale-data.mjs';

const REASONS = ['web_order', 'web_order', 'web_order', 'web_order', 'staff_sale', 'counter', 'purchase', 'return', 'cancel', 'adjustment'];
const CUP_SIZES = ['85B', '90B', '95C', '100C'];
const LETTER_SIZES = ['S', 'M', 'L', 'XL'];

export function ledgerSql(kind, { products, orders, days, movements = 0, returns = 0 }) {
  const now = kind === 'postgres' ? 'now()' : "(strftime('%s','now') * 1000)";
  const big = kind === 'postgres' ? 'n::bigint' : 'n';
  const statements = [];
  if (movements > 0) {
    const p = `(n % ${products} + 1)`;
    const k = `((n / ${products}) % 8)`;
    const v = variantParts(kind, p, k);
    const reason = pick(kind, REASONS, `n % ${REASONS.length}`);
    const minutes = `(${movements} - ${big}) * ${(days * 1440) / movements} + 30`;
    statements.push(`INSERT INTO stock_movements (document_id, product_document_id, product_title, variant_id, sku, color, size, quantity, units_after, reason, adjustment, ref_kind, ref_id, ref_label, created_at, updated_at, published_at)
      SELECT 'scale-mv' || n, 'scalep' || ${p}, 'Producto Scale ' || ${p}, ${v.key} || '~' || ${v.size}, ${v.sku}, ${v.color}, ${v.size},
        CASE WHEN n % 10 = 6 THEN 6 WHEN n % 10 IN (7, 8) THEN 1 ELSE -1 END, n % 12,
        ${reason}, CASE WHEN n % 10 = 9 THEN 'conteo' ELSE NULL END,
        CASE WHEN n % 10 = 6 THEN 'purchase' WHEN n % 10 = 9 THEN NULL ELSE 'order' END,
        CASE WHEN n % 10 = 9 THEN NULL ELSE 'scale-o' || (n % ${orders} + 1) END, NULL,
        ${agoSql(kind, minutes)}, ${now}, ${now}
      ${series(kind, movements)}`);
  }
  if (returns > 0) {
    // Request r exchanges one unit of order 20·r's product (one product in five, so a product has a few), one size up
    // or down; one in ten rejected.
    const p = `((n * 7) % ${products} + 1)`;
    const from = `CASE WHEN ${p} % 2 = 0 THEN ${pick(kind, CUP_SIZES, 'n % 3 + 1')} ELSE ${pick(kind, LETTER_SIZES, 'n % 3 + 1')} END`;
    const to = `CASE WHEN ${p} % 2 = 0 THEN ${pick(kind, CUP_SIZES, 'CASE WHEN n % 2 = 0 THEN n % 3 + 2 ELSE n % 3 END')} ELSE ${pick(kind, LETTER_SIZES, 'CASE WHEN n % 2 = 0 THEN n % 3 + 2 ELSE n % 3 END')} END`;
    const line = `'[{"lineIndex":0,"productId":"scalep' || ${p} || '","title":"Producto Scale ' || ${p} || '","quantity":1,"kind":"exchange","reason":"' || CASE WHEN n % 2 = 0 THEN 'size_small' ELSE 'size_large' END || '","reasonText":null,"from":{"variantId":null,"color":"Negro","size":"' || ${from} || '","sku":null},"to":{"variantId":"x","color":"Negro","size":"' || ${to} || '","sku":null},"price":10000}]'`;
    const status = `CASE WHEN n % 10 = 0 THEN 'rejected' WHEN n % 10 < 4 THEN 'requested' ELSE 'closed' END`;
    statements.push(`INSERT INTO return_requests (document_id, return_number, order_document_id, order_number, return_status, lines, refund_due, charge_due, steps, created_at, updated_at, published_at)
      SELECT 'scale-r' || n, 'CAM-SC-' || n, 'scale-o' || (n * 20 % ${orders} + 1), 'SC-' || n, ${status}, ${jsonSql(kind, line)}, 0, 0, ${jsonSql(kind, "'[]'")},
        ${agoSql(kind, `(${returns} - ${big}) * ${(days * 1440) / returns} + 30`)}, ${now}, ${now}
      ${series(kind, returns)}`);
  }
  return statements;
}
