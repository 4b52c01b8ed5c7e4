import type { Knex } from 'knex';
import { isPostgres } from '../../utils/catch-up';
import { likeOf } from '../../utils/db-write';

/**
 * "Which orders' shipping details hold this text in the name, e-mail or phone" without reading every shipping
 * detail (docs/performance.md, "At scale": a substring anywhere in 100,000 contacts was one pass over the table).
 *
 * - PostgreSQL: trigram GIN indexes (pg_trgm, as the catalogue search) on the lower-cased columns, so the
 *   `LOWER(column) LIKE '%text%'` conditions are index look-ups (a BitmapOr of the three).
 * - SQLite: an FTS5 table with the trigram tokenizer over the same three columns (external content: it stores only
 *   the index), kept by triggers on the shipping details table, so every write path (the checkout's plain INSERT,
 *   staff edits, Strapi's panel, a restore) keeps it current. A text of three characters or more is a phrase query
 *   on it (case-insensitive); a shorter one falls back to the scan, as does a database where the table could not be
 *   made.
 */

const SHIPPING = 'components_order_shipping_infos';
const COLUMNS = ['full_name', 'email', 'phone'] as const;
export const CONTACT_SEARCH_TABLE = 'shop_contact_search';

let ftsReady = false;

async function postgresIndexes(knex: Knex, schema: string | undefined): Promise<void> {
  const qualified = (t: string) => (schema ? `${schema}.${t}` : t);
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  for (const column of COLUMNS) {
    await knex.raw(`CREATE INDEX IF NOT EXISTS ?? ON ?? USING gin ((LOWER(??)) gin_trgm_ops)`, [
      `idx_shop_shipping_${column}_trgm`,
      qualified(SHIPPING),
      column,
    ]);
  }
  await knex.raw(`CREATE INDEX IF NOT EXISTS ?? ON ?? USING gin ((LOWER(order_number)) gin_trgm_ops)`, [
    'idx_shop_orders_number_trgm',
    qualified('orders'),
  ]);
}

async function sqliteIndex(knex: Knex): Promise<void> {
  const fts = CONTACT_SEARCH_TABLE;
  const triggers = [`${fts}_ai`, `${fts}_ad`, `${fts}_au`];
  const present: Array<{ name: string }> = await knex('sqlite_master')
    .whereIn('name', [fts, ...triggers])
    .select('name');
  const names = new Set(present.map((r) => r.name));
  if (names.size === triggers.length + 1) return;
  const cols = COLUMNS.join(', ');
  const values = (row: 'new' | 'old') => COLUMNS.map((c) => `${row}.${c}`).join(', ');
  await knex.transaction(async (trx) => {
    await trx.raw(
      `CREATE VIRTUAL TABLE IF NOT EXISTS ${fts} USING fts5(${cols}, content='${SHIPPING}', content_rowid='id', tokenize='trigram')`,
    );
    await trx.raw(`DROP TRIGGER IF EXISTS ${fts}_ai`);
    await trx.raw(`DROP TRIGGER IF EXISTS ${fts}_ad`);
    await trx.raw(`DROP TRIGGER IF EXISTS ${fts}_au`);
    await trx.raw(
      `CREATE TRIGGER ${fts}_ai AFTER INSERT ON ${SHIPPING} BEGIN
         INSERT INTO ${fts}(rowid, ${cols}) VALUES (new.id, ${values('new')}); END`,
    );
    await trx.raw(
      `CREATE TRIGGER ${fts}_ad AFTER DELETE ON ${SHIPPING} BEGIN
         INSERT INTO ${fts}(${fts}, rowid, ${cols}) VALUES ('delete', old.id, ${values('old')}); END`,
    );
    await trx.raw(
      `CREATE TRIGGER ${fts}_au AFTER UPDATE ON ${SHIPPING} BEGIN
         INSERT INTO ${fts}(${fts}, rowid, ${cols}) VALUES ('delete', old.id, ${values('old')});
         INSERT INTO ${fts}(rowid, ${cols}) VALUES (new.id, ${values('new')}); END`,
    );
    // The rows written while a trigger was missing (a new shop, or a table Strapi rebuilt) are indexed anew.
    await trx.raw(`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`);
  });
}

/**
 * Creates the indexes (idempotent; at start, after Strapi's schema sync). Without them the search still works by
 * scanning, and the log says why.
 */
export async function ensureContactSearch(knex: Knex, schema: string | undefined): Promise<void> {
  try {
    if (isPostgres(knex)) await postgresIndexes(knex, schema);
    else {
      await sqliteIndex(knex);
      ftsReady = true;
    }
  } catch (err) {
    ftsReady = false;
    strapi.log.warn(
      `[orders] contact search index not created (${err instanceof Error ? err.message : String(err)}): ` +
        'the orders search scans the shipping details instead',
    );
  }
}

/** The ids of the shipping details whose name, e-mail or phone contains `term` (case-insensitive). */
export function contactsMatching(knex: Knex, term: string): Knex.QueryBuilder {
  if (ftsReady && !isPostgres(knex) && [...term].length >= 3) {
    return knex
      .from(CONTACT_SEARCH_TABLE)
      .whereRaw(`${CONTACT_SEARCH_TABLE} MATCH ?`, [`"${term.replace(/"/g, '""')}"`])
      .select('rowid as id');
  }
  const like = likeOf(term);
  return knex
    .from(`${SHIPPING} as ss`)
    .where((w) => {
      for (const column of COLUMNS) void w.orWhereRaw(`LOWER(ss.??) LIKE ? ESCAPE '\\'`, [column, like]);
    })
    .select('ss.id');
}
