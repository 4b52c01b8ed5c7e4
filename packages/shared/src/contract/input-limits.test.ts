import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loginInputSchema, passwordInputSchema, profileInputSchema } from './auth.js';
import { contactInputSchema } from './contact.js';
import { firstIssueMessage } from './errors.js';
import { interactionInputSchema } from './interactions.js';
import { orderInputSchema, orderStatusUpdateSchema } from './order-inputs.js';
import { productInputSchema } from './product-inputs.js';
import { siteContentSchema } from '../content/site-content.js';

const PRODUCT_SAMPLE: Record<string, unknown> = {
  title: 'Conjunto',
  description: 'Encaje',
  price: 1000,
  category: 'conjuntos',
  stock: 1,
  size: ['S', 'M'],
  thumbnails: ['/images/a.webp'],
  colors: [{ name: 'Negro', value: '#000000' }],
};

// A valid body for every input schema the API parses.
const SAMPLES: [string, z.ZodType, Record<string, unknown>][] = [
  ['product', productInputSchema, PRODUCT_SAMPLE],
  [
    'order',
    orderInputSchema,
    {
      items: [{ productId: 'abc', quantity: 1, size: 'M', color: 'Negro' }],
      shippingInfo: {
        fullName: 'Ana',
        email: 'ana@example.com',
        phone: '299',
        address: 'Calle 1',
        city: 'Neuquén',
        postalCode: '8300',
        notes: 'x',
      },
      paymentMethod: 'transfer',
      deliveryType: 'delivery',
      notes: 'x',
      transferProofUrl: '/uploads/a.png',
    },
  ],
  ['order status', orderStatusUpdateSchema, { status: 'paid', adminNotes: 'x' }],
  ['contact', contactInputSchema, { name: 'Ana', email: 'ana@example.com', phone: '299', subject: 'Hola', message: 'x' }],
  ['login', loginInputSchema, { email: 'ana@example.com', password: 'secreto' }],
  ['profile', profileInputSchema, { username: 'ana', email: 'ana@example.com' }],
  ['password', passwordInputSchema, { currentPassword: 'secreto', newPassword: 'secreto-nuevo' }],
  [
    'interaction',
    interactionInputSchema,
    { type: 'search', data: { productId: 'a', productTitle: 'b', productCategory: 'c', category: 'd', searchTerm: 'e' } },
  ],
];

/** Paths of every string in a JSON-like value. */
function stringPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [prefix];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...prefix, i]));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...prefix, k]));
  return [];
}

function withString(sample: Record<string, unknown>, path: (string | number)[], text: string): Record<string, unknown> {
  const copy = structuredClone(sample);
  let holder: unknown = copy;
  for (const step of path.slice(0, -1)) holder = Reflect.get(holder as object, step);
  const last = path.at(-1);
  if (last === undefined) throw new Error('withString needs a non-empty path');
  Reflect.set(holder as object, last, text);
  return copy;
}

describe('input limits', () => {
  it.each(SAMPLES)('the %s sample is valid', (_name, schema, sample) => {
    expect(schema.safeParse(sample).success).toBe(true);
  });

  it.each(SAMPLES)('every text of a %s refuses 10,000 characters with a Spanish message', (_name, schema, sample) => {
    const paths = stringPaths(sample);
    expect(paths.length).toBeGreaterThan(1);
    for (const path of paths) {
      const result = schema.safeParse(withString(sample, path, 'ñ'.repeat(10_000)));
      expect(result.success, `${path.join('.')} accepted 10,000 characters`).toBe(false);
      if (!result.success) expect(firstIssueMessage(result.error)).not.toMatch(/invalid|expected|received|too big|string/i);
    }
  });

  it('texts stored in varchar(255) columns refuse 256 characters', () => {
    const varchar: [z.ZodType, Record<string, unknown>, (string | number)[]][] = [];
    for (const [, schema, sample] of SAMPLES) {
      // Long texts (descriptions, notes, messages, addresses, URLs) go to text columns and may be longer.
      const longText = /description|notes|message|address|transferProofUrl|thumbnails|password/i;
      for (const path of stringPaths(sample)) if (!longText.test(path.join('.'))) varchar.push([schema, sample, path]);
    }
    expect(varchar.length).toBeGreaterThan(20);
    for (const [schema, sample, path] of varchar) {
      expect(schema.safeParse(withString(sample, path, 'w'.repeat(256))).success, path.join('.')).toBe(false);
    }
  });

  it('refuses sizes that do not fit the size index column together', () => {
    const product = PRODUCT_SAMPLE;
    const sizes = Array.from({ length: 30 }, (_, i) => `TALLA-${String(i).padStart(13, '0')}`);
    const result = productInputSchema.safeParse({ ...product, size: sizes });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssueMessage(result.error)).toBe('Las tallas no pueden superar 250 caracteres en total');
    expect(productInputSchema.safeParse({ ...product, size: sizes.slice(0, 12) }).success).toBe(true);
  });

  it('site content texts never keep more than 5,000 characters', () => {
    const content = siteContentSchema.parse({
      hero: { slogan: 'x'.repeat(10_000) },
      productCatalog: { categories: [{ name: 'y'.repeat(10_000) }] },
    });
    expect(content.hero.slogan.length).toBeLessThanOrEqual(5000);
    expect(content.productCatalog.categories.every((c) => c.name.length <= 5000)).toBe(true);
  });
});
