import type { Knex } from 'knex';
import { CUSTOMER_UNSPENT_STATUSES } from '@shop/shared';
import { catchUp, ensureLoggedTable, isPostgres, lastLogId, quotedName as quoted } from '../../utils/catch-up';
import { ORDERS } from './customer-keys';

/**
 * One row per customer, ready to list (docs/performance.md, "Customers list"): her orders, what she spent, first and
 * last order and the id of the latest, in `shop_customers`. Grouping 100,000 orders on every list request took
 * seconds with five staff clients; reading 25 rows of this table takes a few milliseconds.
 *
 * Kept exact without touching the order writes' locks: a trigger on `orders` (every write path: the checkout's INSERT,
 * staff status changes, Strapi's panel, the customer back-fill, a restore) only appends the customer keys it touched
 * to `shop_customer_changes` (a plain INSERT, no row shared between two checkouts, so no lock to wait for or to
 * deadlock on). Whoever reads the customers first catches up: the keys logged are grouped again from their own
 * orders (index idx_shop_orders_customer_key) and the log rows read are deleted, in one transaction that sees one
 * snapshot (utils/catch-up.ts: on PostgreSQL one process at a time, in REPEATABLE READ).
 * Many changes at once (a seed, a restore of an older shop) rebuild the whole table in one GROUP BY instead.
 */

export const CUSTOMER_ROLLUP = 'shop_customers';
export const CUSTOMER_CHANGES = 'shop_customer_changes';
const TRIGGER = 'shop_customers_changed';
/** More logged changes than this: one GROUP BY over every order instead of one per customer logged. */
const FULL_REBUILD_OVER = 2000;
/** The advisory lock's key on PostgreSQL (any constant; the shop takes no other lock with it). */
const ADVISORY_KEY = 40_000_140;

let ready = false;

/** Whether the table and its trigger exist here (else the list groups the orders itself, as before). */
export const rollupReady = (): boolean => ready;

/** The grouped columns of the rollup, as the list has always computed them (cancelled and refunded orders unspent). */
function groupedSelect(knex: Knex): Knex.QueryBuilder {
  const unspent = CUSTOMER_UNSPENT_STATUSES.map(() => '?').join(', ');
  return knex(ORDERS)
    .whereNotNull('customer_key')
    .whereNot('customer_key', '')
    .groupBy('customer_key')
    .select('customer_key')
    .select(knex.raw('COUNT(*) as orders'))
    .select(
      knex.raw(`COALESCE(SUM(CASE WHEN order_status IN (${unspent}) THEN 0 ELSE total END), 0) as total_spent`, [
        ...CUSTOMER_UNSPENT_STATUSES,
      ]),
    )
    .select(knex.raw('MIN(created_at) as first_order'), knex.raw('MAX(created_at) as last_order'), knex.raw('MAX(id) as last_id'));
}

async function sqliteTrigger(knex: Knex): Promise<void> {
  const key = (row: 'new' | 'old') => `${row}.customer_key IS NOT NULL AND ${row}.customer_key <> ''`;
  const log = (row: 'new' | 'old') => `INSERT INTO ${CUSTOMER_CHANGES}(customer_key) VALUES (${row}.customer_key);`;
  await knex.raw(`DROP TRIGGER IF EXISTS ${TRIGGER}_ai`);
  await knex.raw(`DROP TRIGGER IF EXISTS ${TRIGGER}_ad`);
  await knex.raw(`DROP TRIGGER IF EXISTS ${TRIGGER}_au`);
  await knex.raw(`CREATE TRIGGER ${TRIGGER}_ai AFTER INSERT ON ${ORDERS} WHEN ${key('new')} BEGIN ${log('new')} END`);
  await knex.raw(`CREATE TRIGGER ${TRIGGER}_ad AFTER DELETE ON ${ORDERS} WHEN ${key('old')} BEGIN ${log('old')} END`);
  await knex.raw(
    `CREATE TRIGGER ${TRIGGER}_au AFTER UPDATE OF customer_key, order_status, total, created_at ON ${ORDERS} BEGIN
       INSERT INTO ${CUSTOMER_CHANGES}(customer_key) SELECT old.customer_key WHERE ${key('old')};
       INSERT INTO ${CUSTOMER_CHANGES}(customer_key) SELECT new.customer_key
         WHERE ${key('new')} AND new.customer_key IS NOT old.customer_key;
     END`,
  );
}

async function postgresTrigger(knex: Knex, schema: string | undefined): Promise<void> {
  const fn = quoted(schema, `${TRIGGER}_fn`);
  const changes = quoted(schema, CUSTOMER_CHANGES);
  await knex.raw(`CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        IF OLD.customer_key IS NOT NULL AND OLD.customer_key <> '' THEN
          INSERT INTO ${changes}(customer_key) VALUES (OLD.customer_key);
        END IF;
      END IF;
      IF TG_OP = 'INSERT' THEN
        IF NEW.customer_key IS NOT NULL AND NEW.customer_key <> '' THEN
          INSERT INTO ${changes}(customer_key) VALUES (NEW.customer_key);
        END IF;
      ELSIF TG_OP = 'UPDATE' THEN
        IF NEW.customer_key IS NOT NULL AND NEW.customer_key <> '' AND NEW.customer_key IS DISTINCT FROM OLD.customer_key THEN
          INSERT INTO ${changes}(customer_key) VALUES (NEW.customer_key);
        END IF;
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`DROP TRIGGER IF EXISTS ${TRIGGER} ON ${quoted(schema, ORDERS)}`);
  await knex.raw(
    `CREATE TRIGGER ${TRIGGER} AFTER INSERT OR DELETE OR UPDATE OF customer_key, order_status, total, created_at
       ON ${quoted(schema, ORDERS)} FOR EACH ROW EXECUTE FUNCTION ${fn}()`,
  );
}

/** Every customer grouped again from the orders (the log rows read before are then dropped by the caller). */
async function rebuildAll(trx: Knex): Promise<void> {
  await trx(CUSTOMER_ROLLUP).delete();
  await trx
    .into(trx.raw(`${CUSTOMER_ROLLUP} (customer_key, orders, total_spent, first_order, last_order, last_id)`))
    .insert(groupedSelect(trx));
}

/** These customers grouped again from their orders; a key with no order left loses its row. */
async function rebuildKeys(trx: Knex, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 500) {
    const some = keys.slice(i, i + 500);
    await trx(CUSTOMER_ROLLUP).whereIn('customer_key', some).delete();
    await trx
      .into(trx.raw(`${CUSTOMER_ROLLUP} (customer_key, orders, total_spent, first_order, last_order, last_id)`))
      .insert(groupedSelect(trx).whereIn('customer_key', some));
  }
}

/**
 * Creates the table, its log and the trigger (idempotent; at start, after Strapi's schema sync) and fills the table
 * when it is new or the trigger was missing. Without them the list groups the orders on each request, and the log
 * says why.
 */
export async function ensureCustomerRollup(knex: Knex, schema: string | undefined): Promise<void> {
  try {
    await ensureLoggedTable(knex, schema, {
      table: CUSTOMER_ROLLUP,
      log: CUSTOMER_CHANGES,
      trigger: TRIGGER,
      lockKey: ADVISORY_KEY,
      createTable: (t) => {
        t.string('customer_key', 255).primary();
        t.integer('orders').notNullable();
        t.bigInteger('total_spent').notNullable();
        t.datetime('first_order', { precision: 6, useTz: false });
        t.datetime('last_order', { precision: 6, useTz: false });
        t.integer('last_id').notNullable();
        // The list's sorts read these in order (25 rows of an index instead of sorting every customer).
        t.index(['last_id'], 'idx_shop_customers_last');
        t.index(['total_spent', 'customer_key'], 'idx_shop_customers_spent');
        t.index(['orders', 'customer_key'], 'idx_shop_customers_orders');
      },
      createLog: (t) => {
        t.bigIncrements('id').primary();
        t.string('customer_key', 255).notNullable();
      },
      createTrigger: (k, s) => (isPostgres(k) ? postgresTrigger(k, s) : sqliteTrigger(k)),
      rebuild: rebuildAll,
    });
    ready = true;
  } catch (err) {
    ready = false;
    strapi.log.warn(
      `[customers] customers table not prepared (${err instanceof Error ? err.message : String(err)}): ` +
        'the customers list groups the orders on each request instead',
    );
  }
}

/**
 * Brings the table up to date with every order change committed so far (called before each read of the list): the
 * keys logged are grouped again, or every customer when more than FULL_REBUILD_OVER changes were logged.
 */
export async function catchUpCustomers(knex: Knex): Promise<void> {
  // Nothing logged: no transaction and no lock.
  if (!(await lastLogId(knex, CUSTOMER_CHANGES))) return;
  await catchUp(knex, ADVISORY_KEY, async (trx) => {
    const upTo = await lastLogId(trx, CUSTOMER_CHANGES);
    if (!upTo) return;
    const logged: unknown = await trx(CUSTOMER_CHANGES).where('id', '<=', upTo).count({ n: '*' }).first();
    if (Number((logged as { n?: unknown } | undefined)?.n ?? 0) > FULL_REBUILD_OVER) await rebuildAll(trx);
    else {
      const rows: { customer_key: string }[] = await trx(CUSTOMER_CHANGES).where('id', '<=', upTo).distinct('customer_key');
      await rebuildKeys(
        trx,
        rows.map((r) => r.customer_key),
      );
    }
    await trx(CUSTOMER_CHANGES).where('id', '<=', upTo).delete();
  });
}
