import type { Knex } from 'knex';
import { customerPhoneOf, orderCustomerKey } from '@shop/shared';
import { table } from '../../utils/db-write';

/**
 * Each order's customer (`customer_key`, see @shop/shared rules/customers.ts) and its phone as joined
 * (`customer_phone`). Written when an order is inserted (insertOrder, so web and staff orders alike), when its
 * contact is edited in /cms, and once at start for orders from before customers existed.
 *
 * An order without an e-mail (a sale taken by staff with a phone only) joins the shopper who already bought with
 * that phone; an order with an e-mail takes over the phone-only orders of its phone. So a WhatsApp sale and the
 * same shopper's web orders are one customer, whichever came first.
 */

export const ORDERS = 'orders';
export const SHIPPING = 'components_order_shipping_infos';
export const LINKS = 'orders_cmps';

export interface OrderContact {
  email?: string | null;
  phone?: string | null;
}

/** Indexes of the customers list (created after Strapi syncs the schema, see src/index.ts). */
export const CUSTOMER_INDEXES = [
  // The list's GROUP BY reads customer_key in order; id picks the latest order of each customer.
  { name: 'idx_shop_orders_customer_key', table: ORDERS, columns: ['customer_key', 'id'] },
  { name: 'idx_shop_orders_customer_phone', table: ORDERS, columns: ['customer_phone'] },
] as const;

/** The key an order with this contact gets now (a phone-only order joins the last customer with that phone). */
async function resolveKey(
  knex: Knex,
  contact: OrderContact,
  exceptId: number | null,
): Promise<{ key: string | null; phone: string | null }> {
  const key = orderCustomerKey(contact);
  const phone = customerPhoneOf(contact.phone);
  if (key === null || key.startsWith('e:') || phone === null) return { key, phone };
  const query = table(knex, ORDERS).where('customer_phone', phone).whereNotNull('customer_key').whereNot('customer_key', '');
  if (exceptId !== null) query.whereNot('id', exceptId);
  const known: unknown = await query.orderBy('id', 'desc').first('customer_key');
  const found = typeof known === 'object' && known !== null ? (known as { customer_key?: unknown }).customer_key : null;
  return { key: typeof found === 'string' ? found : key, phone };
}

/** The UPDATE by which the phone-only orders of this phone become the e-mail's customer (null: none can). */
export function phoneOnlyOrdersJoin(knex: Knex, key: string | null, phone: string | null): Knex.QueryBuilder | null {
  if (key === null || !key.startsWith('e:') || phone === null) return null;
  return table(knex, ORDERS).where('customer_key', `p:${phone}`).update({ customer_key: key });
}

/** Phone-only orders of this phone become the e-mail's customer. */
async function absorbPhoneOnly(knex: Knex, key: string, phone: string | null): Promise<void> {
  await phoneOnlyOrdersJoin(knex, key, phone);
}

/**
 * The customer a new order joins, read before the order is inserted so that its columns go in the order's INSERT
 * (the checkout's one write of the order row). Then `phoneOnlyOrdersJoin` once the order is written.
 */
export function newOrderCustomer(knex: Knex, contact: OrderContact): Promise<{ key: string | null; phone: string | null }> {
  return resolveKey(knex, contact, null);
}

/** Writes the customer of one order (inside the caller's transaction when given one). */
export async function assignCustomerKey(knex: Knex, orderId: number, contact: OrderContact): Promise<string | null> {
  const { key, phone } = await resolveKey(knex, contact, orderId);
  await table(knex, ORDERS).where('id', orderId).update({ customer_key: key, customer_phone: phone });
  if (key) await absorbPhoneOnly(knex, key, phone);
  return key;
}

/** The contact of one order as stored (its shipping details). */
async function contactOf(knex: Knex, orderId: number): Promise<OrderContact> {
  const row: unknown = await table(knex, LINKS)
    .join(SHIPPING, `${SHIPPING}.id`, `${LINKS}.cmp_id`)
    .where({ [`${LINKS}.entity_id`]: orderId, [`${LINKS}.field`]: 'shippingInfo' })
    .first(`${SHIPPING}.email`, `${SHIPPING}.phone`);
  const r = (typeof row === 'object' && row !== null ? row : {}) as { email?: unknown; phone?: unknown };
  return { email: typeof r.email === 'string' ? r.email : null, phone: typeof r.phone === 'string' ? r.phone : null };
}

/** After an edit in /cms: the order's customer from its contact as it is now. */
export async function refreshCustomerKey(documentId: string): Promise<void> {
  const knex = strapi.db.connection;
  const row: unknown = await table(knex, ORDERS).where('document_id', documentId).first('id');
  const id = typeof row === 'object' && row !== null ? Number((row as { id?: unknown }).id) : NaN;
  if (!Number.isInteger(id)) return;
  await assignCustomerKey(knex, id, await contactOf(knex, id));
}

const BATCH = 500;

/**
 * Orders without a customer (placed before customers existed) get theirs, oldest first in batches by id (never all
 * rows at once); then phone-only customers whose phone also bought with an e-mail join that e-mail. Only empty rows
 * are written: running it again changes nothing. Answers the number of orders written.
 */
export async function backfillCustomerKeys(knex: Knex = strapi.db.connection): Promise<number> {
  let written = 0;
  let after = 0;
  for (;;) {
    const rows: { id: number; email: unknown; phone: unknown }[] = await table(knex, ORDERS)
      .leftJoin(LINKS, (j) => j.on(`${LINKS}.entity_id`, '=', `${ORDERS}.id`).andOnVal(`${LINKS}.field`, '=', 'shippingInfo'))
      .leftJoin(SHIPPING, `${SHIPPING}.id`, `${LINKS}.cmp_id`)
      .whereNull(`${ORDERS}.customer_key`)
      .where(`${ORDERS}.id`, '>', after)
      .orderBy(`${ORDERS}.id`, 'asc')
      .limit(BATCH)
      .select(`${ORDERS}.id as id`, `${SHIPPING}.email as email`, `${SHIPPING}.phone as phone`);
    if (rows.length === 0) break;
    after = Number(rows[rows.length - 1]!.id);
    // One UPDATE per customer of the batch, not per order.
    const byKey = new Map<string, { key: string | null; phone: string | null; ids: number[] }>();
    for (const row of rows) {
      const contact = { email: typeof row.email === 'string' ? row.email : null, phone: typeof row.phone === 'string' ? row.phone : null };
      const key = orderCustomerKey(contact);
      const phone = customerPhoneOf(contact.phone);
      // An order with no contact at all is marked '' so it is not read again (and never listed).
      const group = `${key ?? ''}|${phone ?? ''}`;
      const entry = byKey.get(group) ?? { key: key ?? '', phone, ids: [] };
      entry.ids.push(Number(row.id));
      byKey.set(group, entry);
    }
    await knex.transaction(async (trx) => {
      for (const entry of byKey.values()) {
        written += Number(
          await table(trx, ORDERS)
            .whereIn('id', entry.ids)
            .whereNull('customer_key')
            .update({ customer_key: entry.key, customer_phone: entry.phone }),
        );
      }
    });
    if (rows.length < BATCH) break;
  }
  if (written > 0) {
    await mergePhoneOnlyCustomers(knex);
    strapi.log.info(`[customers] customer of ${written} earlier order(s) set from their contact`);
  }
  return written;
}

/** Phone-only customers whose phone also bought with an e-mail become that e-mail's customer (its latest order). */
async function mergePhoneOnlyCustomers(knex: Knex): Promise<void> {
  const rows: { customer_key: string; customer_phone: string }[] = await table(knex, ORDERS)
    .where('customer_key', 'like', 'p:%')
    .whereNotNull('customer_phone')
    .distinct('customer_key', 'customer_phone');
  for (const row of rows) {
    const owner: unknown = await table(knex, ORDERS)
      .where('customer_phone', row.customer_phone)
      .where('customer_key', 'like', 'e:%')
      .orderBy('id', 'desc')
      .first('customer_key');
    const key = typeof owner === 'object' && owner !== null ? (owner as { customer_key?: unknown }).customer_key : null;
    if (typeof key === 'string') await table(knex, ORDERS).where('customer_key', row.customer_key).update({ customer_key: key });
  }
}
