import { describe, expect, it } from 'vitest';
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
    expect(new Set(seedProducts.map((p) => p.category))).toEqual(new Set(['conjuntos', 'corpinos', 'bombachas', 'bombis', 'bodys', 'pijamas']));
    expect(seedProducts.some((p) => p.discount > 0)).toBe(true);
    expect(seedProducts.some((p) => p.stock === 0)).toBe(true);
    // Stock per size: every size has a figure, they add up to the stock, and some sizes are sold out.
    for (const p of seedProducts) {
      const units = Object.values(p.stockBySize).filter((n) => n !== undefined);
      expect(Object.keys(p.stockBySize), p.title).toEqual(p.size);
      expect(units.reduce((a, b) => a + b, 0), p.title).toBe(p.stock);
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
