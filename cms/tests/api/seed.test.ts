import { describe, expect, it } from 'vitest';
import knex from 'knex';
import { inject } from 'vitest';
import { api } from '../helpers/api';
import seedProducts from '../../seed/products.json';

describe('demo seed', () => {
  it('creates at least 24 demo products over the six categories, all with images that are served as WebP', async () => {
    expect(seedProducts.length).toBeGreaterThanOrEqual(24);
    const res = await api('/products?limit=all');
    const titles = new Set((res.body.payload as { title: string }[]).map((p) => p.title));
    const activeSeed = seedProducts.filter((p) => p.status);
    for (const p of activeSeed) expect(titles.has(p.title), p.title).toBe(true);
    expect(new Set(seedProducts.map((p) => p.category))).toEqual(
      new Set(['conjuntos', 'corpinos', 'bombachas', 'bombis', 'bodys', 'pijamas']),
    );
    expect(seedProducts.some((p) => p.discount > 0)).toBe(true);
    expect(seedProducts.some((p) => p.stock === 0)).toBe(true);
    // Stock per size: every size has a figure, they add up to the stock, and some sizes are sold out.
    for (const p of seedProducts) {
      const units = Object.values(p.stockBySize).filter((n) => n !== undefined);
      expect(Object.keys(p.stockBySize), p.title).toEqual(p.size);
      expect(
        units.reduce((a, b) => a + b, 0),
        p.title,
      ).toBe(p.stock);
    }
    expect(seedProducts.some((p) => p.stock > 0 && Object.values(p.stockBySize).includes(0))).toBe(true);
    for (const p of seedProducts) {
      expect(Number.isInteger(p.price)).toBe(true);
      const img = await fetch(`${inject('baseUrl')}${p.thumbnails[0]}`);
      expect(img.status, p.thumbnails[0]).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/webp');
      const bytes = new Uint8Array(await img.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe('WEBP');
    }
    const hero = await fetch(`${inject('baseUrl')}/images/hero-default.webp`);
    expect(hero.status).toBe(200);
  });
});

describe('database migrations', () => {
  it('leave the shop indexes (unique ones included) and drop the superseded one, on a fresh database', async () => {
    const env = inject('databaseEnv');
    const filename = env.DATABASE_FILENAME;
    const sqlite = Boolean(filename);
    const db = filename
      ? knex({ client: 'better-sqlite3', connection: { filename }, useNullAsDefault: true })
      : knex({ client: 'pg', connection: env.DATABASE_URL ?? '' });
    try {
      const rows: { name: string }[] = sqlite
        ? await db('sqlite_master').where('type', 'index').select('name')
        : await db('pg_indexes').select({ name: 'indexname' });
      const names = new Set(rows.map((r) => r.name));
      for (const name of [
        'idx_shop_interactions_product_views',
        'idx_shop_interactions_type_category',
        'idx_shop_interactions_created_at',
        'idx_shop_products_status_category',
        'idx_shop_products_final_price',
        'idx_shop_orders_reserved_until',
        'idx_shop_order_events_order',
        'shop_order_sequences_day_uq',
        'shop_orders_order_number_uq',
        'shop_transfer_proofs_url_uq',
        'shop_order_idempotency_keys_key_uq',
      ]) {
        expect(names.has(name), name).toBe(true);
      }
      expect(names.has('idx_shop_interactions_type_product')).toBe(false);
      if (sqlite) {
        // PRAGMA optimize at start: the planner has statistics (sqlite_stat1) for the tables that have rows (the demo
        // catalogue; a table still empty gets none).
        const stats: { tbl: string }[] = await db('sqlite_stat1').distinct('tbl');
        expect(stats.map((r) => r.tbl)).toEqual(expect.arrayContaining(['products', 'site_contents']));
      }
      const ran: { name: string }[] = await db('strapi_migrations').select('name');
      expect(ran.map((r) => r.name)).toEqual(
        expect.arrayContaining(['2026.11.22T00.00.00.drop-superseded-interaction-index.js', '2026.11.22T00.00.01.shop-indexes.js']),
      );
    } finally {
      await db.destroy();
    }
  });
});
