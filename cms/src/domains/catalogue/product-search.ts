import type { Knex } from 'knex';
import { productSearchText, searchTokens, typoVariants, vocabularyWords } from '@shop/shared';
import { affectedRows, jsonColumn } from '../../utils/db-write';
import { PRODUCTS_TABLE } from './product-stock';

/**
 * The catalogue's forgiving search (docs/api.md "Search"). Every product keeps two private, folded columns
 * (`search_title`, `search_text`: lower case, no accents, see rules/search.ts) that the product lifecycle recomputes on
 * every write, whoever writes (the shop's API, Strapi's panel, the seed). A query's words must all match, in any
 * order, anywhere in that text; a word of 5 letters or more that matches no catalogue word as typed stands for the
 * catalogue words within one typo of it. Titles rank before the rest. On PostgreSQL, trigram (pg_trgm) GIN indexes on
 * both columns serve the `LIKE '%…%'` matches; SQLite scans the short folded column.
 */

/** One query word and the catalogue words standing in for it when it carries a typo. */
export interface SearchWord {
  token: string;
  variants: string[];
}

let vocabulary: { words: Set<string>; stamp: string } | null = null;
let building: { stamp: string; words: Promise<Set<string>> } | null = null;

function productsTable(knex: Knex): Knex.QueryBuilder {
  const schema = strapi.db.getSchemaName();
  return schema ? knex.withSchema(schema).table(PRODUCTS_TABLE) : knex.table(PRODUCTS_TABLE);
}

/**
 * What the catalogue's words depend on: how many products there are and the last save of one (every save through
 * Strapi, its panel included, stamps `updated_at`; stock moves do not, and do not change the words).
 */
async function catalogueStamp(): Promise<string> {
  const row: unknown = await productsTable(strapi.db.connection).count({ n: '*' }).max({ m: 'updated_at' }).first();
  const r = row && typeof row === 'object' ? (row as { n?: unknown; m?: unknown }) : {};
  const last = r.m instanceof Date ? r.m.getTime() : String(r.m ?? '');
  return `${String(r.n ?? 0)}|${last}`;
}

async function buildVocabulary(stamp: string): Promise<Set<string>> {
  const rows: { search_text: string | null }[] = await productsTable(strapi.db.connection).select('search_text');
  const words = new Set<string>();
  for (const row of rows) for (const word of vocabularyWords(row.search_text ?? '')) words.add(word);
  vocabulary = { words, stamp };
  return words;
}

/** The words of the catalogue (its folded search texts), read again whenever a product was saved since. */
async function catalogueWords(): Promise<Set<string>> {
  const stamp = await catalogueStamp();
  if (vocabulary?.stamp === stamp) return vocabulary.words;
  if (building?.stamp !== stamp) {
    const words = buildVocabulary(stamp);
    building = { stamp, words };
    const done = () => {
      if (building?.words === words) building = null;
    };
    words.then(done, done);
  }
  return building.words;
}

/** The query's words with their typo variants; empty when the query has no word at all. */
export async function searchWords(query: string): Promise<SearchWord[]> {
  const tokens = searchTokens(query);
  if (tokens.length === 0) return [];
  const words = tokens.some((t) => t.length >= 5) ? await catalogueWords() : new Set<string>();
  return tokens.map((token) => ({ token, variants: typoVariants(token, words) }));
}

/** Adds "every word matches" to a query on the products table. */
export function whereMatches(query: Knex.QueryBuilder, words: readonly SearchWord[]): Knex.QueryBuilder {
  for (const { token, variants } of words) {
    void query.where((q) => {
      void q.where('search_text', 'like', `%${token}%`);
      for (const variant of variants) void q.orWhere('search_text', 'like', `%${variant}%`);
    });
  }
  return query;
}

/**
 * The relevance of a row, as SQL: per word, a title word starting with it (8), in the title (6), in the title through
 * a typo variant (5), a word of the rest starting with it (3), anywhere (2), through a variant (1).
 */
export function relevanceSql(words: readonly SearchWord[]): { sql: string; bindings: string[] } {
  const parts: string[] = [];
  const bindings: string[] = [];
  for (const { token, variants } of words) {
    const cases: string[] = [];
    const when = (column: string, patterns: string[], score: number) => {
      if (patterns.length === 0) return;
      cases.push(`WHEN ${patterns.map(() => `${column} LIKE ?`).join(' OR ')} THEN ${score}`);
      bindings.push(...patterns);
    };
    const variantPatterns = variants.map((v) => `%${v}%`);
    when('search_title', [`${token}%`, `% ${token}%`], 8);
    when('search_title', [`%${token}%`], 6);
    when('search_title', variantPatterns, 5);
    when('search_text', [`${token}%`, `% ${token}%`], 3);
    when('search_text', [`%${token}%`], 2);
    parts.push(`(CASE ${cases.join(' ')} ELSE 1 END)`);
  }
  return { sql: parts.join(' + '), bindings };
}

interface SearchableRow {
  id: number;
  title: unknown;
  description: unknown;
  category: unknown;
  colors: unknown;
}

/** The colour names of a product's `colors` column (JSON text on SQLite, parsed on PostgreSQL, or what a writer sent). */
export function colorNamesOf(value: unknown): string[] {
  const list = jsonColumn(value);
  if (!Array.isArray(list)) return [];
  return list.flatMap((c: unknown) => (c && typeof c === 'object' && 'name' in c && typeof c.name === 'string' ? [c.name] : []));
}

/**
 * Start-up: products written before the search columns existed (or by a raw SQL script) get them. Conditional on the
 * column still being empty: safe from two processes at once.
 */
export async function backfillSearchText(): Promise<number> {
  const knex = strapi.db.connection;
  const rows: SearchableRow[] = await productsTable(knex)
    .whereNull('search_text')
    .select('id', 'title', 'description', 'category', 'colors');
  let filled = 0;
  for (const row of rows) {
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    const search = productSearchText({
      title: text(row.title),
      description: text(row.description),
      category: text(row.category),
      colors: colorNamesOf(row.colors),
    });
    filled += affectedRows(
      await productsTable(knex)
        .where('id', row.id)
        .whereNull('search_text')
        .update({ search_text: search.text, search_title: search.title }),
    );
  }
  if (filled > 0) strapi.log.info(`[products] search text computed for ${filled} product(s)`);
  return filled;
}

/**
 * PostgreSQL: the pg_trgm extension and trigram GIN indexes on the folded columns, so that `LIKE '%word%'` is an index
 * look-up instead of a scan. Idempotent. Without the right to create the extension the search still works (scanning),
 * and the log says so.
 */
export async function ensureSearchIndexes(): Promise<void> {
  if (strapi.db.dialect.client !== 'postgres') return;
  const knex = strapi.db.connection;
  const schema = strapi.db.getSchemaName();
  const target = schema ? `${schema}.${PRODUCTS_TABLE}` : PRODUCTS_TABLE;
  try {
    await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    for (const column of ['search_text', 'search_title']) {
      await knex.raw(`CREATE INDEX IF NOT EXISTS ?? ON ?? USING gin (?? gin_trgm_ops)`, [
        `idx_shop_products_${column}_trgm`,
        target,
        column,
      ]);
    }
  } catch (err) {
    strapi.log.warn(
      `[products] trigram search indexes not created (${err instanceof Error ? err.message : String(err)}): ` +
        'search works, without the index, until an administrator runs CREATE EXTENSION pg_trgm',
    );
  }
}
