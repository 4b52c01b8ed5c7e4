// The fifth wave's rows at scale (issue 60 §4): the stock ledger's movements (a million over three years: sales,
// purchases, returns and adjustments of every variant) and exchange requests (5,000, each one line moving a size up
// or down), written by the database itself like the rest of the scale data (scale-data.mjs).
import { agoSql, jsonSql, seriesSql as series } from './bench.mjs';
import { pick, variantParts } from './scale-data.mjs';

const SALES = ['web_order', 'web_order', 'web_order', 'web_order', 'staff_sale', 'counter'];
const RESTOCKS = ['purchase', 'purchase', 'return', 'cancel', 'adjustment'];
const CUP_SIZES = ['85B', '90B', '95C', '100C'];
const LETTER_SIZES = ['S', 'M', 'L', 'XL'];

export function ledgerSql(kind, { products, orders, days, movements = 0, returns = 0 }) {
  const now = kind === 'postgres' ? 'now()' : "(strftime('%s','now') * 1000)";
  const big = kind === 'postgres' ? 'n::bigint' : 'n';
  const statements = [];
  if (movements > 0) {
    // Movement v (from 0) is variant k of product p in round r: round 0 is each variant's opening balance (its units
    // in the scale catalogue), then sales (-1) and restocks (+1) alternate, so every variant's movements sum to its
    // stock, as in a shop whose ledger holds (the check then lists no mismatch, as in a real shop).
    const v = `(n - 1)`;
    const p = `(${v} % ${products} + 1)`;
    const k = `((${v} / ${products}) % 8)`;
    const r = `(${v} / ${products * 8})`;
    const parts = variantParts(kind, p, k);
    const stock = `(((${p}) * 7 + (${k}) * 3) % 9)`;
    const reason = `CASE WHEN ${r} = 0 THEN 'opening' WHEN ${r} % 2 = 1 THEN ${pick(kind, SALES, `n % ${SALES.length}`)} ELSE ${pick(kind, RESTOCKS, `n % ${RESTOCKS.length}`)} END`;
    const quantity = `CASE WHEN ${r} = 0 THEN ${stock} WHEN ${r} % 2 = 1 THEN -1 ELSE 1 END`;
    const minutes = `(${movements} - ${big}) * ${(days * 1440) / movements} + 30`;
    statements.push(`INSERT INTO stock_movements (document_id, product_document_id, product_title, variant_id, sku, color, size, quantity, units_after, reason, adjustment, ref_kind, ref_id, ref_label, created_at, updated_at, published_at)
      SELECT 'scale-mv' || n, 'scalep' || ${p}, 'Producto Scale ' || ${p}, ${parts.key} || '~' || ${parts.size}, ${parts.sku}, ${parts.color}, ${parts.size},
        ${quantity}, ${stock}, ${reason}, CASE WHEN ${r} % 4 = 2 AND n % 4 = 3 THEN 'conteo' ELSE NULL END,
        CASE WHEN ${r} = 0 THEN NULL WHEN ${r} % 2 = 1 THEN 'order' ELSE 'purchase' END,
        CASE WHEN ${r} % 2 = 1 THEN 'scale-o' || (n % ${orders} + 1) ELSE NULL END, NULL,
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
