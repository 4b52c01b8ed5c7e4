import { describe, expect, it } from 'vitest';
import type { Product } from '../contract/products.js';
import { feedItemsOf, feedPlainText, feedPrice, googleXmlItem, metaCsvRow, rfc4180Field, xmlText, type FeedShop } from './feeds.js';

const shop: FeedShop = {
  base: 'https://tienda.example',
  brand: 'Jazmín Lencería',
  googleCategoryOf: (c) => (c === 'corpinos' ? 'Bras' : undefined),
  pictureUrl: (src) => `https://tienda.example${src}`,
};

const product: Product = {
  _id: 'abc123',
  title: 'Corpiño "Noche, día" & más',
  description: '<p>Encaje &amp; tul</p>',
  price: 20000,
  discount: 25,
  category: 'corpinos',
  thumbnails: ['/images/a.webp'],
  stock: 2,
  size: ['85B', '90C'],
  stockBySize: { '85B': 2, '90C': 0 },
  status: true,
  colors: [
    { name: 'Negro', value: '#000' },
    { name: 'Rojo', value: '#c00' },
  ],
};

describe('catalogue feed rules', () => {
  it('an answer without variants: one item per colour × size, the units on the first colour (as migrated)', () => {
    const items = feedItemsOf(product, shop);
    expect(items.map((i) => [i.id, i.availability, i.link])).toEqual([
      ['abc123-CORPINO-NOCHE-DIA-MAS-NEGRO-85B', 'in stock', 'https://tienda.example/product/abc123?color=Negro&talle=85B'],
      ['abc123-CORPINO-NOCHE-DIA-MAS-NEGRO-90C', 'out of stock', 'https://tienda.example/product/abc123?color=Negro&talle=90C'],
      ['abc123-CORPINO-NOCHE-DIA-MAS-ROJO-85B', 'out of stock', 'https://tienda.example/product/abc123?color=Rojo&talle=85B'],
      ['abc123-CORPINO-NOCHE-DIA-MAS-ROJO-90C', 'out of stock', 'https://tienda.example/product/abc123?color=Rojo&talle=90C'],
    ]);
    expect(items[0]).toMatchObject({
      itemGroupId: 'abc123',
      price: '20000.00 ARS',
      salePrice: '15000.00 ARS',
      color: 'Negro',
      size: '85B',
      mpn: 'CORPINO-NOCHE-DIA-MAS-NEGRO-85B',
      gtin: '',
      googleProductCategory: 'Bras',
    });
    expect(items[0]?.description).toBe('Encaje & tul');
    expect(feedItemsOf({ ...product, status: false }, shop)).toEqual([]);
    expect(feedItemsOf({ ...product, discount: 0, category: 'otra' }, shop)[0]).toMatchObject({
      salePrice: null,
      googleProductCategory: 'Apparel & Accessories > Clothing > Underwear & Socks',
    });
  });

  it("one item per active variant, with its availability, SKU as mpn, barcode as gtin and its colour's photo", () => {
    const variant = (id: string, color: string, size: string, stock: number, extra: Record<string, unknown> = {}) => ({
      id,
      sku: `SKU-${id.replace('~', '-').toUpperCase()}`,
      color,
      size,
      stock,
      barcode: null,
      active: true,
      available: stock > 0,
      ...extra,
    });
    const items = feedItemsOf(
      {
        ...product,
        thumbnails: ['/images/a.webp', '/images/rojo.webp'],
        photoColors: { '/images/rojo.webp': 'Rojo' },
        variants: [
          variant('negro~85B', 'Negro', '85B', 0),
          variant('rojo~85B', 'Rojo', '85B', 3, { barcode: '7790001000019' }),
          variant('rojo~90C', 'Rojo', '90C', 1, { active: false }),
        ],
      },
      shop,
    );
    expect(items.map((i) => [i.id, i.availability, i.color, i.size, i.gtin, i.mpn, i.imageLink])).toEqual([
      ['abc123-SKU-NEGRO-85B', 'out of stock', 'Negro', '85B', '', 'SKU-NEGRO-85B', 'https://tienda.example/images/a.webp'],
      ['abc123-SKU-ROJO-85B', 'in stock', 'Rojo', '85B', '7790001000019', 'SKU-ROJO-85B', 'https://tienda.example/images/rojo.webp'],
    ]);
    expect(googleXmlItem(items[1] as never)).toContain('<g:gtin>7790001000019</g:gtin><g:mpn>SKU-ROJO-85B</g:mpn>');
  });

  it('writes RFC 4180 fields and escaped XML', () => {
    expect(rfc4180Field('a,b')).toBe('"a,b"');
    expect(rfc4180Field('di "hola"')).toBe('"di ""hola"""');
    expect(rfc4180Field('línea\nnueva')).toBe('"línea\nnueva"');
    expect(rfc4180Field('simple')).toBe('simple');
    expect(xmlText('a & <b> "c" \u0001')).toBe('a &amp; &lt;b&gt; &quot;c&quot; ');
    const [item] = feedItemsOf(product, shop);
    if (!item) throw new Error('no item');
    expect(metaCsvRow(item).startsWith('abc123-CORPINO-NOCHE-DIA-MAS-NEGRO-85B,abc123,"Corpiño ""Noche, día"" & más",')).toBe(true);
    expect(googleXmlItem(item)).toContain('<title>Corpiño &quot;Noche, día&quot; &amp; más</title>');
    expect(feedPrice(1234)).toBe('1234.00 ARS');
    expect(feedPlainText('x'.repeat(10), 5)).toBe('xxxx…');
  });
});
