import { describe, expect, it } from 'vitest';
import { WHY_CHOOSE_KEY, chatNumberFromContent, defaultSiteContent, offeredSizes, siteContentSchema, type SiteContent } from '@shop/shared';
import { api } from '../helpers/api';
import seedProducts from '../../seed/products.json';
import { asAdmin, expectAdminOnly } from '../helpers/auth-matrix';

async function content(): Promise<SiteContent> {
  const res = await api<{ content: SiteContent }>('/content');
  expect(res.status).toBe(200);
  return res.body.content;
}

describe('GET /content', () => {
  it('answers the complete seeded Spanish content, every field present', async () => {
    const c = await content();
    expect(siteContentSchema.parse(c)).toEqual(c);
    // Every key of the defaults exists in the answer (nothing missing at any depth).
    const keysOf = (o: unknown, prefix = ''): string[] =>
      o && typeof o === 'object' && !Array.isArray(o)
        ? Object.entries(o).flatMap(([k, v]) => [prefix + k, ...keysOf(v, `${prefix}${k}.`)])
        : [];
    expect(keysOf(c)).toEqual(expect.arrayContaining(keysOf(defaultSiteContent())));
    expect(c.hero.slogan).not.toBe('');
    expect(c.hero.heroImage.url).toBe('/images/hero-default.webp');
    expect(c.productCatalog.categories.map((k) => k.name)).toEqual(['conjuntos', 'corpinos', 'bombachas', 'bombis', 'bodys', 'pijamas']);
    expect(c[WHY_CHOOSE_KEY].values.length).toBeGreaterThanOrEqual(3);
    expect(c.contact.contactInfo.map((i) => i.title)).toEqual(expect.arrayContaining(['Teléfono', 'Email', 'Dirección']));
    expect(chatNumberFromContent(c)).toMatch(/^\+549299\d{7}$/);
    expect(c.checkout.shipping.homeDelivery).toMatchObject({ baseCost: 2500, freeShippingThreshold: 30000 });
    expect(c.checkout.paymentInfo.cashOnDelivery.additionalFee).toBe(0);
    expect(c.checkout.paymentInfo.bankTransfer.cbu).toMatch(/^\d{22}$/);
    expect(c.checkout.deliveryInfo.meetingPoint.address).toMatch(/Neuquén/);
    expect(c.productDetail.infoCards.length).toBeGreaterThanOrEqual(3);
    expect(c.productDetail.expandableSections.length).toBeGreaterThanOrEqual(1);
  });

  it('has size guides whose sizes cover the seeded products of each category', async () => {
    const c = await content();
    for (const category of ['corpinos', 'bombachas', 'bombis']) {
      const guide = c.sizeGuides.find((g) => g.category === category);
      expect(guide, category).toBeDefined();
      expect(guide?.tableRows.length).toBeGreaterThanOrEqual(4);
      for (const row of guide?.tableRows ?? []) expect(row.measurements).toHaveLength((guide?.tableHeaders.length ?? 0) - 1);
    }
    // 'conjuntos' shows the three guides, so it offers bra and letter sizes.
    expect(offeredSizes('conjuntos', c.sizeGuides)).toEqual(expect.arrayContaining(['85', '90', 'S', 'M', 'XL']));
    for (const p of seedProducts) {
      const offered = offeredSizes(p.category, c.sizeGuides);
      for (const s of p.size) expect(offered, `${p.title} (${p.category}) size ${s}`).toContain(s);
    }
  });
});

describe('PUT /content', () => {
  it('is admin only', async () => {
    await expectAdminOnly('PUT', '/content', defaultSiteContent());
  });

  it('stores the whole object and answers it with defaults filled', async () => {
    const original = await content();
    const edited = structuredClone(original);
    edited.hero.slogan = 'Nuevo eslogan de prueba';
    edited.checkout.shipping.homeDelivery.baseCost = 3100;
    edited.productCatalog.categories.push({ name: 'mallas', display_name: 'Mallas' });
    const res = await asAdmin('PUT', '/content', edited);
    expect(res.status).toBe(200);
    expect(res.body.content).toEqual(edited);
    expect(await content()).toEqual(edited);

    // A partial object is completed with the spec's defaults (and numerics are clamped / coerced).
    const partial = await asAdmin('PUT', '/content', { hero: { slogan: 'Solo hero' }, checkout: { shipping: { homeDelivery: { baseCost: -50, freeShippingThreshold: 'abc' } } } });
    expect(partial.status).toBe(200);
    expect(partial.body.content.hero).toMatchObject({ slogan: 'Solo hero', buttonText: 'Ver Productos', buttonLink: 'products' });
    expect(partial.body.content.checkout.shipping.homeDelivery).toMatchObject({ baseCost: 0, freeShippingThreshold: 0 });
    expect(partial.body.content.productCatalog.mainTitle).toBe('Nuestros Productos');

    const restore = await asAdmin('PUT', '/content', original);
    expect(restore.status).toBe(200);
    expect(await content()).toEqual(original);
  });

  it('refuses bodies that are not a content object, leaving the content as it was', async () => {
    const before = await content();
    for (const body of [[], { foo: 1 }, 'texto', { hero: 'x' }, { checkout: { shipping: [] } }]) {
      const res = await asAdmin('PUT', '/content', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
      // Zod's generic messages are configured in Spanish: no English leaks out.
      expect(res.body.message).not.toMatch(/Invalid|expected|received/);
    }
    const huge = await asAdmin('PUT', '/content', { hero: { slogan: 'x'.repeat(300_000) } });
    expect(huge.status).toBe(413);
    expect(await content()).toEqual(before);
  });
});
