// The rows of a shop after a few seasons, written by the database itself (INSERT … SELECT over a generated series):
// products with colour × size variants, and orders with their lines, shipping details and Strapi's component links,
// exactly the rows the checkout writes (cms/src/domains/orders/order-insert.ts). Used by `npm run seed:scale` and
// `npm run bench:admin`.
import { agoSql, jsonSql, pickSql, seriesSql as series } from './bench.mjs';
import { ledgerSql } from './scale-ledger.mjs';

/** pickSql with the index cast to an integer (PostgreSQL's array subscripts refuse a bigint). */
export const pick = (kind, list, expr) => pickSql(kind, list, kind === 'postgres' ? `((${expr})::int)` : expr);

export const SCALE_DEFAULTS = { products: 5000, orders: 100000, customers: 30000, days: 3 * 365, movements: 1000000, returns: 5000 };

const CATEGORIES = ['conjuntos', 'corpinos', 'bombachas', 'bodys', 'pijamas', 'mallas'];
const KINDS = ['Conjunto', 'Corpino', 'Bombacha', 'Body', 'Pijama', 'Malla'];
const COLORS = ['Negro', 'Nude', 'Blanco', 'Bordo'];
const HEX = ['#111111', '#e3bc9a', '#ffffff', '#7b1e2b'];
const CUP_SIZES = ['85B', '90B', '95C', '100C'];
const LETTER_SIZES = ['S', 'M', 'L', 'XL'];
/**
 * First names × surnames: 600 full names for 30,000 customers (about 50 share each, as common names do in a city),
 * so a search by a whole name finds a few hundred orders and one by a surname a few thousand. Six whole names made
 * every name search match a sixth of all orders (docs/performance.md, "Names of the scale data").
 */
const FIRST_NAMES = [
  'Sofía',
  'Valentina',
  'Camila',
  'Lucía',
  'Martina',
  'Julieta',
  'Florencia',
  'Agustina',
  'Micaela',
  'Carolina',
  'Daniela',
  'Romina',
  'Paula',
  'Natalia',
  'Gabriela',
  'Milagros',
  'Rocío',
  'Belén',
  'Antonella',
  'Victoria',
];
const SURNAMES = [
  'Pérez',
  'Gómez',
  'Rodríguez',
  'Fernández',
  'López',
  'Díaz',
  'Martínez',
  'González',
  'Sánchez',
  'Romero',
  'Sosa',
  'Álvarez',
  'Torres',
  'Ruiz',
  'Ramírez',
  'Flores',
  'Benítez',
  'Acosta',
  'Medina',
  'Herrera',
  'Suárez',
  'Aguirre',
  'Giménez',
  'Gutiérrez',
  'Pereyra',
  'Rojas',
  'Molina',
  'Castro',
  'Ortiz',
  'Silva',
];
/** As an e-mail address writes them: lower case, no accents. */
const asciiOf = (list) =>
  list.map((name) =>
    name
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase(),
  );
const FIRST_ASCII = asciiOf(FIRST_NAMES);
const SURNAME_ASCII = asciiOf(SURNAMES);
/** Customer c's first name and surname (index expressions), the same in her name and in her Gmail address. */
// Read from c / 10 so that the Gmail customers (c a multiple of ten) get every name too.
const firstOf = (c) => `(${c} / 10) % ${FIRST_NAMES.length}`;
const surnameOf = (c) => `(${c} / ${10 * FIRST_NAMES.length}) % ${SURNAMES.length}`;

/** Weighted spreads, one entry per twentieth of the orders. */
const STATUSES = [
  ...Array(14).fill('paid'),
  'cancelled',
  'cancelled',
  'refunded',
  'pending_transfer_confirmation',
  'pending_manual',
  'confirmado',
];
const CHANNELS = [...Array(14).fill('web'), 'whatsapp', 'whatsapp', 'whatsapp', 'instagram', 'local', 'phone'];
const METHODS = ['transfer', 'mercadopago', 'cash'];

const bool = (kind, value) => (kind === 'postgres' ? String(value) : value ? '1' : '0');
const lpad6 = (kind, expr) => (kind === 'postgres' ? `lpad((${expr})::text, 6, '0')` : `substr('000000' || (${expr}), -6)`);

/** The shop's calendar day (Argentina, UTC-3) of that moment as YYYYMMDD. */
function dayKey(kind, minutesExpr) {
  return kind === 'postgres'
    ? `to_char(now() AT TIME ZONE 'America/Argentina/Buenos_Aires' - ((${minutesExpr}) * interval '1 minute'), 'YYYYMMDD')`
    : `strftime('%Y%m%d', strftime('%s','now') - (${minutesExpr}) * 60 - 10800, 'unixepoch')`;
}

/** The k-th variant (0-7, a number or an SQL expression) of product `p`: two colours (by p) × four sizes (cups or letters by p). */
export function variantParts(kind, p, k) {
  const colorIndex = `((${p}) + (${k}) / 4) % ${COLORS.length}`;
  const color = pick(kind, COLORS, colorIndex);
  const key = pick(
    kind,
    COLORS.map((c) => c.toLowerCase()),
    colorIndex,
  );
  const size = `CASE WHEN (${p}) % 2 = 0 THEN ${pick(kind, CUP_SIZES, `(${k}) % 4`)} ELSE ${pick(kind, LETTER_SIZES, `(${k}) % 4`)} END`;
  const sku = `'SC' || (${p}) || '-' || upper(substr(${key}, 1, 3)) || '-' || ${size}`;
  return { color, key, size, sku };
}

const stockOf = (p, k) => `(((${p}) * 7 + ${k * 3}) % 9)`;

function productsSql(kind, count) {
  const now = kind === 'postgres' ? 'now()' : "(strftime('%s','now') * 1000)";
  const variants = [];
  const skus = [];
  for (let k = 0; k < 8; k++) {
    const v = variantParts(kind, 'n', k);
    variants.push(
      `'{"id":"' || ${v.key} || '~' || ${v.size} || '","sku":"' || ${v.sku} || '","color":"' || ${v.color} || '","size":"' || ${v.size} || '","stock":' || ${stockOf('n', k)} || ',"barcode":null,"active":true}'`,
    );
    skus.push(`'s:' || ${v.sku}`);
  }
  const sizeStock = (s) => `(${stockOf('n', s)} + ${stockOf('n', s + 4)})`;
  const sizeName = (s) => `CASE WHEN n % 2 = 0 THEN '${CUP_SIZES[s]}' ELSE '${LETTER_SIZES[s]}' END`;
  const stockBySize = `'{' || ${[0, 1, 2, 3].map((s) => `'"' || ${sizeName(s)} || '":' || ${sizeStock(s)}`).join(" || ',' || ")} || '}'`;
  const total = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => stockOf('n', k)).join(' + ');
  const colors = `'[{"name":"' || ${pick(kind, COLORS, `n % 4`)} || '","hex":"' || ${pick(kind, HEX, `n % 4`)} || '"},{"name":"' || ${pick(kind, COLORS, `(n + 1) % 4`)} || '","hex":"' || ${pick(kind, HEX, `(n + 1) % 4`)} || '"}]'`;
  const price = `(8000 + (n % 40) * 500)`;
  return `INSERT INTO products (document_id, title, description, price, discount, category, thumbnails, stock, size, stock_by_size, size_index, final_price, search_text, search_title, is_active, colors, variants, color_review, sku_index, created_at, updated_at, published_at)
    SELECT 'scalep' || n, ${pick(kind, KINDS, `n % ${KINDS.length}`)} || ' Scale ' || n, 'Producto de la base de escala', ${price}, CASE WHEN n % 10 = 0 THEN 20 ELSE 0 END,
      ${pick(kind, CATEGORIES, `n % ${CATEGORIES.length}`)}, ${jsonSql(kind, "'[]'")}, ${total},
      ${jsonSql(kind, `CASE WHEN n % 2 = 0 THEN '["85B","90B","95C","100C"]' ELSE '["S","M","L","XL"]' END`)},
      ${jsonSql(kind, stockBySize)}, CASE WHEN n % 2 = 0 THEN ',85B,90B,95C,100C,' ELSE ',S,M,L,XL,' END,
      CASE WHEN n % 10 = 0 THEN ${price} * 8 / 10 ELSE ${price} END,
      lower(${pick(kind, KINDS, `n % ${KINDS.length}`)} || ' scale ' || n || ' ' || ${pick(kind, CATEGORIES, `n % ${CATEGORIES.length}`)} || ' ' || ${pick(kind, COLORS, 'n % 4')} || ' ' || ${pick(kind, COLORS, '(n + 1) % 4')}),
      lower(${pick(kind, KINDS, `n % ${KINDS.length}`)} || ' scale ' || n), ${bool(kind, true)}, ${jsonSql(kind, colors)},
      ${jsonSql(kind, `'[' || ${variants.join(" || ',' || ")} || ']'`)}, ${bool(kind, false)},
      '|' || ${skus.join(" || '|' || ")} || '|', ${now}, ${now}, ${now}
    ${series(kind, count)}`;
}

/**
 * The orders: `base` is added to every id (the database's largest order/component id before), so the rows go into
 * a shop that already has some. Order n is n × span minutes old; customer c = n × a large prime mod customers, so
 * most shoppers buy several times; one in ten writes a Gmail address in one of three spellings, phones in three.
 */
function ordersSql(kind, { orders, products, customers, days }, base) {
  const now = kind === 'postgres' ? 'now()' : "(strftime('%s','now') * 1000)";
  const big = kind === 'postgres' ? 'n::bigint' : 'n';
  const minutes = `(60 + ${big} * ${(days * 1440) / orders})`;
  const status = pick(kind, STATUSES, `n % ${STATUSES.length}`);
  const channel = pick(kind, CHANNELS, `(n / 3) % ${CHANNELS.length}`);
  const p1 = `((${big} * 7919) % ${products} + 1)`;
  const p2 = `((${big} * 104729) % ${products} + 1)`;
  const price = (p) => `(CASE WHEN ${p} % 10 = 0 THEN (8000 + (${p} % 40) * 500) * 8 / 10 ELSE 8000 + (${p} % 40) * 500 END)`;
  const qty1 = `(CASE WHEN n % 5 = 0 THEN 2 ELSE 1 END)`;
  const subtotal = `(${price(p1)} * ${qty1} + CASE WHEN n % 3 = 0 THEN ${price(p2)} ELSE 0 END)`;
  const delivery = `(n % 2 = 0)`;
  const shipping = `(CASE WHEN ${delivery} THEN 2500 ELSE 0 END)`;
  const coupon = `(n % 10 = 0)`;
  const discount = `(CASE WHEN ${coupon} THEN ${subtotal} / 10 ELSE 0 END)`;
  const paidLike = `${status} IN ('paid', 'confirmado', 'refunded')`;
  const c = `((${big} * 2654435761) % ${customers})`;
  // The customer as the checkout writes it (orderCustomerKey: the e-mail as coupons count it, Gmail dots and +tags
  // folded; the phone normalised), so the first start has no customer back-fill to do.
  // One customer in ten writes a Gmail address of her own name, with or without the dot and sometimes a +tag: her key
  // folds them (as coupons count her).
  const gmailUser = (dot) => `${pick(kind, FIRST_ASCII, firstOf(c))} || ${dot} || ${pick(kind, SURNAME_ASCII, surnameOf(c))} || ${c}`;
  const customerKey = `CASE WHEN ${c} % 10 = 0 THEN 'e:' || ${gmailUser("''")} || '@gmail.com' ELSE 'e:cliente' || ${c} || '@correo.com.ar' END`;
  const customerPhone = `'5492995' || ${lpad6(kind, c)}`;
  const orderRows = `INSERT INTO orders (id, document_id, order_number, payment_method, delivery_type, zone_id, zone, meeting_point_id, order_status, subtotal, shipping_cost, cash_fee, discounts, discount_total, coupon_code, total, paid_at, stock_returned, fulfillment, channel, customer_key, customer_phone, created_at, updated_at, published_at)
    SELECT ${base.orders} + n, 'scale-o' || n, 'SC-' || ${dayKey(kind, minutes)} || '-' || ${lpad6(kind, 'n')}, ${pick(kind, METHODS, `n % 3`)},
      CASE WHEN ${delivery} THEN 'delivery' ELSE 'pickup' END,
      CASE WHEN ${delivery} THEN 'neuquen-centro' ELSE NULL END,
      ${jsonSql(kind, `CASE WHEN ${delivery} THEN '{"id":"neuquen-centro","name":"Neuquén centro","cost":2500}' ELSE NULL END`)},
      CASE WHEN ${delivery} THEN NULL ELSE 'centro' END, ${status},
      ${subtotal}, ${shipping}, 0,
      ${jsonSql(kind, `CASE WHEN ${coupon} THEN '[{"kind":"coupon","code":"BIENVENIDA10","label":"Cupón BIENVENIDA10","amount":' || ${discount} || '}]' ELSE '[]' END`)},
      ${discount}, CASE WHEN ${coupon} THEN 'BIENVENIDA10' ELSE NULL END, ${subtotal} + ${shipping} - ${discount},
      CASE WHEN ${paidLike} THEN ${agoSql(kind, `${minutes} - 30`)} ELSE NULL END,
      CASE WHEN ${status} IN ('cancelled', 'refunded') THEN ${bool(kind, true)} ELSE ${bool(kind, false)} END,
      CASE WHEN ${status} IN ('paid', 'confirmado') AND n > 300 THEN 'delivered' WHEN ${status} = 'paid' THEN 'packed' ELSE 'unfulfilled' END,
      ${channel}, ${customerKey}, ${customerPhone}, ${agoSql(kind, minutes)}, ${now}, ${now}
    ${series(kind, orders)}`;
  const item = (which, p, k, qty) => {
    const v = variantParts(kind, p, k);
    return `SELECT ${which === 1 ? `${base.items} + n` : `${base.items} + ${orders} + n`}, 'scalep' || ${p},
      ${pick(kind, KINDS, `${p} % ${KINDS.length}`)} || ' Scale ' || ${p}, NULL, ${qty}, ${price(p)}, ${v.size}, ${v.color},
      ${v.key} || '~' || ${v.size}, ${v.sku}`;
  };
  const items1 = `INSERT INTO components_order_items (id, product_id, title, image, quantity, price, size, color, variant_id, sku)
    ${item(1, p1, 'n % 8', qty1)} ${series(kind, orders)}`;
  const items2 = `INSERT INTO components_order_items (id, product_id, title, image, quantity, price, size, color, variant_id, sku)
    ${item(2, p2, '(n + 3) % 8', 1)} ${series(kind, orders)} WHERE n % 3 = 0`;
  const email = `CASE WHEN ${c} % 10 = 0 THEN ${gmailUser(`CASE WHEN n % 3 = 1 THEN '' ELSE '.' END`)} || CASE WHEN n % 3 = 2 THEN '+tienda' ELSE '' END || '@gmail.com'
      ELSE 'cliente' || ${c} || '@correo.com.ar' END`;
  const phoneDigits = `'5' || ${lpad6(kind, c)}`;
  const phone = `CASE n % 3 WHEN 0 THEN '+54 9 299 ' || ${phoneDigits} WHEN 1 THEN '0299 15 ' || ${phoneDigits} ELSE '299' || ${phoneDigits} END`;
  const shippingRows = `INSERT INTO components_order_shipping_infos (id, full_name, email, phone, address, city, postal_code, notes)
    SELECT ${base.shipping} + n, ${pick(kind, FIRST_NAMES, firstOf(c))} || ' ' || ${pick(kind, SURNAMES, surnameOf(c))} || ' ' || ${c}, ${email}, ${phone},
      CASE WHEN n % 2 = 0 THEN 'Calle ' || (n % 900 + 100) || ' ' || (n % 2000) ELSE NULL END,
      CASE WHEN n % 2 = 0 THEN 'Neuquén' ELSE NULL END, CASE WHEN n % 2 = 0 THEN '8300' ELSE NULL END, NULL
    ${series(kind, orders)}`;
  const links = `INSERT INTO orders_cmps (entity_id, cmp_id, component_type, field, "order")
    SELECT ${base.orders} + n, ${base.items} + n, 'order.item', 'items', 1 ${series(kind, orders)}
    UNION ALL SELECT ${base.orders} + n, ${base.items} + ${orders} + n, 'order.item', 'items', 2 ${series(kind, orders)} WHERE n % 3 = 0
    UNION ALL SELECT ${base.orders} + n, ${base.shipping} + n, 'order.shipping-info', 'shippingInfo', NULL ${series(kind, orders)}`;
  // The outbox: each order's receipt to the shopper and notice to the owner, queued when it was placed (about 3 KB of
  // HTML each, as the shop's own); most sent, one order in fifty still pending, one in a hundred failed.
  const orderNumber = `'SC-' || ${dayKey(kind, minutes)} || '-' || ${lpad6(kind, 'n')}`;
  const html =
    kind === 'postgres'
      ? `repeat('<p>Gracias por tu compra en Jazmín.</p>', 90)`
      : `replace(hex(zeroblob(90)), '00', '<p>Gracias por tu compra en Jazmín.</p>')`;
  const mailStatus = `CASE WHEN n % 50 = 0 THEN 'pending' WHEN n % 100 = 1 THEN 'failed' ELSE 'sent' END`;
  const mail = (which, mailKind, to) => `SELECT 'scale-m${which}-' || n, ${to}, 'Tu pedido ' || ${orderNumber}, ${html},
      'Gracias por tu compra en Jazmín.', '${mailKind}', 'scale-o' || n, ${orderNumber}, ${mailStatus},
      CASE WHEN n % 50 = 0 THEN 0 WHEN n % 100 = 1 THEN 5 ELSE 1 END, ${agoSql(kind, minutes)},
      CASE WHEN n % 100 = 1 AND n % 50 <> 0 THEN 'Conexión rechazada por el servidor de correo' ELSE NULL END,
      CASE WHEN n % 50 <> 0 AND n % 100 <> 1 THEN ${agoSql(kind, `${minutes} - 1`)} ELSE NULL END,
      ${agoSql(kind, minutes)}, ${now}, ${now}
    ${series(kind, orders)}`;
  const mails = `INSERT INTO email_outboxes (document_id, "to", subject, html, text, kind, order_document_id, order_number, status, attempts, next_attempt_at, last_error, sent_at, created_at, updated_at, published_at)
    ${mail(1, 'order_received', email)} UNION ALL ${mail(2, 'owner_new_order', "'pedidos@jazminlenceria.com.ar'")}`;
  return [orderRows, items1, items2, shippingRows, links, mails];
}

/** Every statement, in order, for `kind` ('sqlite' | 'postgres'); `base` holds the largest ids already there. */
export function scaleStatements(kind, sizes, base) {
  const statements = [productsSql(kind, sizes.products), ...ordersSql(kind, sizes, base), ...ledgerSql(kind, sizes)];
  if (kind === 'postgres') {
    for (const [table] of [['orders'], ['components_order_items'], ['components_order_shipping_infos'], ['products'], ['orders_cmps']]) {
      statements.push(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT MAX(id) FROM ${table}))`);
    }
    statements.push('ANALYZE');
  } else {
    statements.push('ANALYZE');
  }
  return statements;
}

/** The SQL that reads the largest ids the shop already has (the rows are added after them). */
export const BASE_IDS_SQL = `SELECT (SELECT COALESCE(MAX(id), 0) FROM orders) AS orders,
  (SELECT COALESCE(MAX(id), 0) FROM components_order_items) AS items,
  (SELECT COALESCE(MAX(id), 0) FROM components_order_shipping_infos) AS shipping`;
