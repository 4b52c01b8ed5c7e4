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
  it('one item per size, with availability, sale price and a link naming the size', () => {
    const items = feedItemsOf(product, shop);
    expect(items.map((i) => [i.id, i.availability, i.link])).toEqual([
      ['abc123-85B', 'in stock', 'https://tienda.example/product/abc123?talle=85B'],
      ['abc123-90C', 'out of stock', 'https://tienda.example/product/abc123?talle=90C'],
    ]);
    expect(items[0]).toMatchObject({
      price: '20000.00 ARS',
      salePrice: '15000.00 ARS',
      color: 'Negro/Rojo',
      googleProductCategory: 'Bras',
    });
    expect(items[0]?.description).toBe('Encaje & tul');
    expect(feedItemsOf({ ...product, status: false }, shop)).toEqual([]);
    expect(feedItemsOf({ ...product, discount: 0, category: 'otra' }, shop)[0]).toMatchObject({
      salePrice: null,
      googleProductCategory: 'Apparel & Accessories > Clothing > Underwear & Socks',
    });
  });

  it('writes RFC 4180 fields and escaped XML', () => {
    expect(rfc4180Field('a,b')).toBe('"a,b"');
    expect(rfc4180Field('di "hola"')).toBe('"di ""hola"""');
    expect(rfc4180Field('línea\nnueva')).toBe('"línea\nnueva"');
    expect(rfc4180Field('simple')).toBe('simple');
    expect(xmlText('a & <b> "c" \u0001')).toBe('a &amp; &lt;b&gt; &quot;c&quot; ');
    const [item] = feedItemsOf(product, shop);
    if (!item) throw new Error('no item');
    expect(metaCsvRow(item).startsWith('abc123-85B,abc123,"Corpiño ""Noche, día"" & más",')).toBe(true);
    expect(googleXmlItem(item)).toContain('<title>Corpiño &quot;Noche, día&quot; &amp; más</title>');
    expect(feedPrice(1234)).toBe('1234.00 ARS');
    expect(feedPlainText('x'.repeat(10), 5)).toBe('xxxx…');
  });
});
