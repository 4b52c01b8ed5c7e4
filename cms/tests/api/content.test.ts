import { describe, expect, it } from 'vitest';
import {
  DATA_FISCAL_IMAGE_MESSAGE,
  DATA_FISCAL_URL_MESSAGE,
  DEFAULT_PRIVACY_TEXT,
  DEFAULT_TERMS_TEXT,
  LEGAL_TEXT_MAX,
  LEGAL_TEXT_MESSAGE,
  CONSUMER_DEFENSE_URL_MESSAGE,
  DEFAULT_CONSUMER_DEFENSE_URL,
  WHY_CHOOSE_KEY,
  chatNumberFromContent,
  defaultSiteContent,
  offeredSizes,
  siteContentSchema,
  type SiteContent,
} from '@shop/shared';
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
    // The legacy single meeting point names the same place as the first of the list (e-mails still read it).
    const [firstPoint] = c.checkout.deliveryInfo.meetingPoints;
    const { title, address, schedule, notes } = c.checkout.deliveryInfo.meetingPoint;
    expect(firstPoint).toMatchObject({ title, address, schedule, notes, enabled: true });
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

  it("keeps the consumer-defence link's address an https page: junk is a Spanish 400, a new portal address is stored", async () => {
    const original = await content();
    expect(original.legal.consumerDefenseUrl).toBe(DEFAULT_CONSUMER_DEFENSE_URL);
    for (const junk of ['javascript:alert(1)', 'http://reclamos.example', 42]) {
      const refused = await asAdmin('PUT', '/content', { legal: { consumerDefenseUrl: junk } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(CONSUMER_DEFENSE_URL_MESSAGE);
    }
    expect((await content()).legal).toEqual(original.legal);
    const saved = await asAdmin('PUT', '/content', { legal: { consumerDefenseUrl: 'https://autogestion.produccion.gob.ar/consumidores' } });
    expect(saved.status).toBe(200);
    expect((await content()).legal.consumerDefenseUrl).toBe('https://autogestion.produccion.gob.ar/consumidores');
    expect((await asAdmin('PUT', '/content', { legal: original.legal })).status).toBe(200);
  });

  it('takes the Data Fiscal only as ARCA gives it and as an uploaded picture; the legal texts up to their limit', async () => {
    const original = await content();
    expect(original.legal).toMatchObject({
      dataFiscalUrl: '',
      dataFiscalImage: '',
      termsText: DEFAULT_TERMS_TEXT,
      privacyText: DEFAULT_PRIVACY_TEXT,
    });
    const refusals: [Record<string, unknown>, string][] = [
      [{ dataFiscalUrl: 'https://afip.gob.ar.example.com/?qr=1' }, DATA_FISCAL_URL_MESSAGE],
      [{ dataFiscalUrl: 'javascript:alert(1)//afip.gob.ar' }, DATA_FISCAL_URL_MESSAGE],
      [{ dataFiscalUrl: 'http://user:pw@qr.afip.gob.ar/?qr=1' }, DATA_FISCAL_URL_MESSAGE],
      [{ dataFiscalImage: 'https://evil.example/qr.png' }, DATA_FISCAL_IMAGE_MESSAGE],
      [{ dataFiscalImage: '/uploads/../../etc/passwd' }, DATA_FISCAL_IMAGE_MESSAGE],
      [{ dataFiscalImage: '/uploads/qr.svg' }, DATA_FISCAL_IMAGE_MESSAGE],
      [{ privacyText: 'x'.repeat(LEGAL_TEXT_MAX + 1) }, LEGAL_TEXT_MESSAGE],
      [{ termsText: { html: '<b>' } }, LEGAL_TEXT_MESSAGE],
    ];
    for (const [legal, message] of refusals) {
      const refused = await asAdmin('PUT', '/content', { legal });
      expect(refused.status, JSON.stringify(legal)).toBe(400);
      expect(refused.body.message).toContain(message);
    }
    expect((await content()).legal).toEqual(original.legal);
    const legal = {
      dataFiscalUrl: 'http://qr.afip.gob.ar/?qr=Xy12ab',
      dataFiscalImage: '/uploads/data_fiscal_ab12.png',
      termsText: '## Envíos\nDespachamos los martes.',
      privacyText: '',
    };
    const dataFiscalLine = async () =>
      ((await asAdmin('GET', '/health/checklist')).body.items as { id: string; ok: boolean | null }[]).find((i) => i.id === 'data-fiscal');
    expect(await dataFiscalLine()).toMatchObject({ ok: false });
    expect((await asAdmin('PUT', '/content', { legal })).status).toBe(200);
    expect((await content()).legal).toMatchObject(legal);
    expect(await dataFiscalLine()).toMatchObject({ ok: true });
    expect((await asAdmin('PUT', '/content', { legal: original.legal })).status).toBe(200);
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

    // Numeric fields: a write below 0 or not a number is refused (the back office's field turns them into 0 itself).
    const refused = await asAdmin('PUT', '/content', {
      checkout: { shipping: { homeDelivery: { baseCost: -50, freeShippingThreshold: 'abc' } } },
    });
    expect(refused.status).toBe(400);
    expect(await content()).toEqual(edited);

    const restore = await asAdmin('PUT', '/content', original);
    expect(restore.status).toBe(200);
    expect(await content()).toEqual(original);
  });

  it('merges a partial body onto the stored content: what it sends is stored, every other section is kept', async () => {
    const original = await content();
    // A first edit that differs from the defaults everywhere the partial body below does not reach.
    const edited = structuredClone(original);
    edited.hero.buttonText = 'Comprar ahora';
    edited.hero.heroImage = { url: 'https://cdn.example.com/portada.webp', alt: 'Portada', filename: 'portada.webp' };
    edited.contact.mainTitle = 'Escribinos';
    edited.productCatalog.categories = [{ name: 'mallas', display_name: 'Mallas' }];
    edited.checkout.deliveryInfo.meetingPoint.enabled = false;
    edited.checkout.shipping.homeDelivery.baseCost = 4200;
    edited.checkout.paymentInfo.bankTransfer.alias = 'JAZMIN.LENCERIA';
    edited.sizeGuides = original.sizeGuides.slice(0, 1);
    expect((await asAdmin('PUT', '/content', edited)).status).toBe(200);

    const partial = await asAdmin('PUT', '/content', {
      hero: { slogan: 'Solo el eslogan' },
      checkout: { shipping: { homeDelivery: { freeShippingThreshold: 50000 } } },
      productDetail: { infoCards: [{ icon: 'Truck', title: 'Envíos', description: 'A todo Neuquén' }] },
    });
    expect(partial.status).toBe(200);
    const expected = structuredClone(edited);
    expected.hero.slogan = 'Solo el eslogan';
    expected.checkout.shipping.homeDelivery.freeShippingThreshold = 50000;
    // A list that is sent is the whole new list (with each item's defaults filled).
    expected.productDetail.infoCards = [{ icon: 'Truck', title: 'Envíos', description: 'A todo Neuquén', enabled: true }];
    expect(partial.body.content).toEqual(expected);
    expect(await content()).toEqual(expected);

    // Validation still applies to the merged result; a refused body changes nothing.
    const refused = await asAdmin('PUT', '/content', { hero: { slogan: 'No se guarda' }, checkout: { paymentInfo: 'x' } });
    expect(refused.status).toBe(400);
    expect(await content()).toEqual(expected);

    expect((await asAdmin('PUT', '/content', original)).status).toBe(200);
    expect(await content()).toEqual(original);
  });

  it('applies partial updates sent at the same time (none undoes another)', async () => {
    const original = await content();
    const patches = [
      { hero: { slogan: 'Eslogan simultáneo' } },
      { contact: { mainTitle: 'Contacto simultáneo' } },
      { productCatalog: { mainTitle: 'Catálogo simultáneo' } },
      { [WHY_CHOOSE_KEY]: { mainTitle: 'Por qué simultáneo' } },
      { productDetail: { sizeGuideButtonText: 'Tallas simultáneas' } },
      { checkout: { deliveryInfo: { title: 'Entrega simultánea' } } },
    ];
    const answers = await Promise.all(patches.map((patch) => asAdmin('PUT', '/content', patch)));
    expect(answers.map((a) => a.status)).toEqual(patches.map(() => 200));
    const after = await content();
    expect([
      after.hero.slogan,
      after.contact.mainTitle,
      after.productCatalog.mainTitle,
      after[WHY_CHOOSE_KEY].mainTitle,
      after.productDetail.sizeGuideButtonText,
      after.checkout.deliveryInfo.title,
    ]).toEqual([
      'Eslogan simultáneo',
      'Contacto simultáneo',
      'Catálogo simultáneo',
      'Por qué simultáneo',
      'Tallas simultáneas',
      'Entrega simultánea',
    ]);
    expect((await asAdmin('PUT', '/content', original)).status).toBe(200);
  });

  it('refuses a setting out of range or of the wrong type with a Spanish 400 naming the field; nothing is saved', async () => {
    const original = await content();
    // Values other than the defaults, so that a value silently replaced by its default would show.
    const before = structuredClone(original);
    before.returns.windowDays = 45;
    before.checkout.shipping.homeDelivery.baseCost = 3300;
    before.hero.slogan = 'Eslogan que se queda';
    expect((await asAdmin('PUT', '/content', before)).status).toBe(200);
    expect(await content()).toEqual(before);

    const cases: [string, Record<string, unknown>][] = [
      ['returns.windowDays', { returns: { windowDays: 0 } }],
      ['returns.windowDays', { returns: { windowDays: -5 } }],
      ['returns.windowDays', { returns: { windowDays: '10' } }],
      ['returns.windowDays', { returns: { windowDays: 400 } }],
      ['returns.enabled', { returns: { enabled: 'no' } }],
      ['returns.shippingPaidBy', { returns: { shippingPaidBy: 'nadie' } }],
      ['checkout.shipping.homeDelivery.baseCost', { checkout: { shipping: { homeDelivery: { baseCost: -50 } } } }],
      [
        'checkout.shipping.homeDelivery.freeShippingThreshold',
        { checkout: { shipping: { homeDelivery: { freeShippingThreshold: 'abc' } } } },
      ],
      ['checkout.paymentInfo.cashOnDelivery.additionalFee', { checkout: { paymentInfo: { cashOnDelivery: { additionalFee: 10.5 } } } }],
      ['hero.slogan', { hero: { slogan: 42 } }],
      ['hero.slogan', { hero: { slogan: 'x'.repeat(5001) } }],
      ['productDetail.showSizeGuideButton', { productDetail: { showSizeGuideButton: 'sí' } }],
      ['productCatalog.categories', { productCatalog: { categories: 'corpiños' } }],
      ['whatsapp.paid', { whatsapp: { paid: 7 } }],
      ['security.requireTwoFactor', { security: { requireTwoFactor: 'true' } }],
      ['checkout.deliveryInfo.meetingPoints.0.title', { checkout: { deliveryInfo: { meetingPoints: [{ id: 'punto-nuevo', title: 5 }] } } }],
    ];
    for (const [field, body] of cases) {
      const res = await asAdmin('PUT', '/content', { hero: { slogan: 'No se guarda' }, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')}: `));
      // Spanish, never zod's English.
      expect(res.body.message).toMatch(/inválid|Demasiado|esperaba/);
      expect(res.body.message).not.toMatch(/Invalid|expected|received|Too (big|small)/);
    }
    const after = await content();
    expect(after).toEqual(before);
    expect(after.returns.windowDays).toBe(45);

    expect((await asAdmin('PUT', '/content', original)).status).toBe(200);
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
