import type { Knex } from 'knex';
import { catchUp, dropTriggers, ensureLoggedTable, isPostgres, lastLogId, quotedName } from '../../utils/catch-up';

/**
 * How many orders and how much money per (status, payment method, channel), in `shop_order_counts`: the dashboard
 * summary and the orders list's count without a filter (or by status and channel) read these few rows instead of
 * counting 100,000 orders on each request (docs/performance.md, "Order counts").
 *
 * Kept as the customers table is (catch-up.ts): a trigger on `orders` appends each write's difference (-1 and
 * the old total under the old status, +1 and the new total under the new one) to `shop_order_count_changes`, a log
 * no two checkouts share a row of (a counter row updated by every checkout would make each wait for the one before
 * to commit); the first reader adds the log up into the table. Every write path is seen (the checkout, staff,
 * Strapi's panel, Mercado Pago's notices, a fix in the database).
 */

export const ORDER_COUNTS = 'shop_order_counts';
export const ORDER_COUNT_CHANGES = 'shop_order_count_changes';
const ORDERS = 'orders';
const TRIGGER = 'shop_order_counts_changed';
const ADVISORY_KEY = 40_000_141;
const KEY = ['order_status', 'payment_method', 'channel'] as const;

let ready = false;

/** Whether the table and its trigger exist here (else the summary and the list count the orders, as before). */
export const orderCountsReady = (): boolean => ready;

/** A row's key as the log and the table store it (no NULL: a missing channel is '', as older orders have). */
const keyOf = (row: 'new' | 'old' | 'NEW' | 'OLD') => KEY.map((column) => `COALESCE(${row}.${column}, '')`).join(', ');

async function sqliteTrigger(knex: Knex): Promise<void> {
  const log = (row: 'new' | 'old', sign: '' | '-') =>
    `INSERT INTO ${ORDER_COUNT_CHANGES}(${KEY.join(', ')}, orders, revenue) VALUES (${keyOf(row)}, ${sign}1, ${sign}COALESCE(${row}.total, 0));`;
  await dropTriggers(knex, undefined, TRIGGER, ORDERS, ['ai', 'ad', 'au']);
  await knex.raw(`CREATE TRIGGER ${TRIGGER}_ai AFTER INSERT ON ${ORDERS} BEGIN ${log('new', '')} END`);
  await knex.raw(`CREATE TRIGGER ${TRIGGER}_ad AFTER DELETE ON ${ORDERS} BEGIN ${log('old', '-')} END`);
  const changed = [...KEY, 'total'].map((c) => `old.${c} IS NOT new.${c}`).join(' OR ');
  await knex.raw(
    `CREATE TRIGGER ${TRIGGER}_au AFTER UPDATE OF ${KEY.join(', ')}, total ON ${ORDERS} WHEN ${changed} BEGIN
       ${log('old', '-')} ${log('new', '')} END`,
  );
}

async function postgresTrigger(knex: Knex, schema: string | undefined): Promise<void> {
  const fn = quotedName(schema, `${TRIGGER}_fn`);
  const changes = quotedName(schema, ORDER_COUNT_CHANGES);
  const log = (row: 'NEW' | 'OLD', sign: '' | '-') =>
    `INSERT INTO ${changes}(${KEY.join(', ')}, orders, revenue) VALUES (${keyOf(row)}, ${sign}1, ${sign}COALESCE(${row}.total, 0));`;
  const changed = [...KEY, 'total'].map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');
  await knex.raw(`CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${log('NEW', '')}
      ELSIF TG_OP = 'DELETE' THEN
        ${log('OLD', '-')}
      ELSIF ${changed} THEN
        ${log('OLD', '-')}
        ${log('NEW', '')}
      END IF;
      RETURN NULL;
    END $$`);
  await dropTriggers(knex, schema, TRIGGER, ORDERS, []);
  await knex.raw(
    `CREATE TRIGGER ${TRIGGER} AFTER INSERT OR DELETE OR UPDATE OF ${KEY.join(', ')}, total
       ON ${quotedName(schema, ORDERS)} FOR EACH ROW EXECUTE FUNCTION ${fn}()`,
  );
}

/** Every count grouped again from the orders. */
async function rebuild(trx: Knex): Promise<void> {
  await trx(ORDER_COUNTS).delete();
  await trx.into(trx.raw(`${ORDER_COUNTS} (${KEY.join(', ')}, orders, revenue)`)).insert(
    trx(ORDERS)
      .select(...KEY.map((c) => trx.raw(`COALESCE(??, '') as ??`, [c, c])))
      .select(trx.raw('COUNT(*) as orders'), trx.raw('COALESCE(SUM(total), 0) as revenue'))
      .groupByRaw(KEY.map((c) => `COALESCE(${c}, '')`).join(', ')),
  );
}

/**
 * Creates the table, its log and the trigger (idempotent; at start, after Strapi's schema sync) and counts every
 * order when the table is new or the trigger was missing. If anything fails the trigger goes too (no log without its
 * table) and the summary counts the orders on each request, as before.
 */
export async function ensureOrderCounts(knex: Knex, schema: string | undefined): Promise<void> {
  try {
    await ensureLoggedTable(knex, schema, {
      table: ORDER_COUNTS,
      log: ORDER_COUNT_CHANGES,
      trigger: TRIGGER,
      lockKey: ADVISORY_KEY,
      createTable: (t) => {
        for (const column of KEY) t.string(column, 40).notNullable();
        t.bigInteger('orders').notNullable();
        t.bigInteger('revenue').notNullable();
        t.unique([...KEY], { indexName: 'idx_shop_order_counts_key' });
      },
      createLog: (t) => {
        t.bigIncrements('id').primary();
        for (const column of KEY) t.string(column, 40).notNullable();
        t.integer('orders').notNullable();
        t.bigInteger('revenue').notNullable();
      },
      createTrigger: (k, s) => (isPostgres(k) ? postgresTrigger(k, s) : sqliteTrigger(k)),
      rebuild,
    });
    ready = true;
  } catch (err) {
    ready = false;
    strapi.log.warn(
      `[orders] order counts not prepared (${err instanceof Error ? err.message : String(err)}): ` +
        'the summary counts the orders on each request instead',
    );
  }
}

export interface OrderCountRow {
  order_status: string;
  payment_method: string;
  /** '' for orders without a channel (older than channels: web). */
  channel: string;
  orders: number;
  revenue: number;
}

/** The counts with every change committed so far added in (null when the table is not there). */
export async function currentOrderCounts(knex: Knex = strapi.db.connection): Promise<OrderCountRow[] | null> {
  if (!ready) return null;
  // Nothing logged (most reads between two orders): no transaction, no lock (five round trips fewer on PostgreSQL).
  if (await lastLogId(knex, ORDER_COUNT_CHANGES))
    await catchUp(knex, ADVISORY_KEY, async (trx) => {
      const upTo = await lastLogId(trx, ORDER_COUNT_CHANGES);
      if (!upTo) return;
      const sums: Record<string, unknown>[] = await trx(ORDER_COUNT_CHANGES)
        .where('id', '<=', upTo)
        .select(...KEY)
        .sum({ orders: 'orders', revenue: 'revenue' })
        .groupBy(...KEY);
      for (const sum of sums) {
        await trx(ORDER_COUNTS)
          .insert({ ...Object.fromEntries(KEY.map((c) => [c, String(sum[c])])), orders: Number(sum.orders), revenue: Number(sum.revenue) })
          .onConflict([...KEY])
          .merge({
            orders: trx.raw(`${ORDER_COUNTS}.orders + ?`, [Number(sum.orders)]),
            revenue: trx.raw(`${ORDER_COUNTS}.revenue + ?`, [Number(sum.revenue)]),
          });
      }
      await trx(ORDER_COUNT_CHANGES).where('id', '<=', upTo).delete();
    });
  const rows: Record<string, unknown>[] = await knex(ORDER_COUNTS)
    .where('orders', '<>', 0)
    .select(...KEY, 'orders', 'revenue');
  return rows.map((r) => ({
    order_status: String(r.order_status),
    payment_method: String(r.payment_method),
    channel: String(r.channel),
    orders: Number(r.orders),
    revenue: Number(r.revenue),
  }));
}
