import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { POSTAL_CODE_MSG, type ShippingOption } from '@shop/shared';
import { correoPrice } from '../../../scripts/fake-correo-argentino.mjs';
import { andreaniPrice } from '../../../scripts/fake-andreani.mjs';
import type { FakeCarrier } from '../../../scripts/lib/fake-carrier-http.mjs';
import { api, type CallOptions } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { carrierAccounts, carrierMode, startCarrierShop, stopCarrierShop } from '../helpers/carriers';
import { knexOn } from '../helpers/database';
import { inviteStaff } from '../helpers/staff';
import { type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';

/**
 * National shipping (issue 48, part 1) against the carriers' fakes (scripts/fake-correo-argentino.mjs,
 * scripts/fake-andreani.mjs): the owner's settings with sealed credentials, quotes from both carriers to the door and
 * to a branch through the one pricing, a carrier down, refusing or slow left out with a Spanish note, the flat rate
 * when none answers, token expiry, branches, and who may do what. A shop of its own: the carriers' URLs are env vars.
 */
const ACCOUNTS = carrierAccounts();
const { correo: CORREO, andreani: ANDREANI } = ACCOUNTS;
const SECRETS = [CORREO.password, ANDREANI.password, CORREO.user, ANDREANI.user, CORREO.customerId];

let correo: FakeCarrier;
let andreani: FakeCarrier;
let database: TestDatabase;
let shop: RunningStrapi;
let owner: string;

const call = (pathname: string, options: CallOptions = {}) => api(pathname, { baseUrl: shop.url, ...options });
const asOwner = (pathname: string, options: CallOptions = {}) => call(pathname, { token: owner, ...options });
const putSettings = (body: unknown) => asOwner('/shipping/settings', { method: 'PUT', body });
const quote = (postalCode: string, province: string, parcels: unknown) =>
  call('/shipping/quote', { body: { address: { postalCode, province }, parcels } });

const mode = carrierMode;

/** Each case quotes a parcel of its own: the shop keeps a carrier's answer 60 s per postal code and parcel. */
let parcelSeed = 300;
const freshParcel = () => ({ weight: (parcelSeed += 7), length: 30, width: 20, height: 8 });

beforeAll(async () => {
  ({ correo, andreani, database, shop, owner } = await startCarrierShop(inject('databaseKind'), ACCOUNTS, {
    RATE_LIMIT_QUOTE_MAX: '100000',
  }));
});

afterAll(async () => {
  await stopCarrierShop({ correo, andreani, database, shop });
});

describe('settings', () => {
  it('start with no carrier, and refuse to enable one without its credentials (Spanish 400)', async () => {
    const res = await asOwner('/shipping/settings');
    expect(res.status).toBe(200);
    expect(res.body.carriers['correo-argentino']).toEqual({ enabled: false, configured: false, handlingFee: 0, handlingPercent: 0 });
    expect(res.body.originPostalCode).toBe('8300');
    const refused = await putSettings({ carriers: { andreani: { enabled: true } } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Cargá los datos de acceso de Andreani antes de activarlo');
  });

  it('take both carriers with credentials and fees, and never answer the credentials back', async () => {
    const res = await putSettings({
      carriers: {
        'correo-argentino': {
          enabled: true,
          credentials: { customerId: CORREO.customerId, user: CORREO.user, password: CORREO.password },
          handlingFee: 500,
          handlingPercent: 10,
        },
        andreani: {
          enabled: true,
          credentials: {
            contract: ANDREANI.contract,
            branchContract: ANDREANI.branchContract,
            user: ANDREANI.user,
            password: ANDREANI.password,
          },
        },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.carriers['correo-argentino']).toEqual({ enabled: true, configured: true, handlingFee: 500, handlingPercent: 10 });
    expect(res.body.carriers.andreani).toEqual({ enabled: true, configured: true, handlingFee: 0, handlingPercent: 0 });
    const read = await asOwner('/shipping/settings');
    for (const text of [JSON.stringify(res.body), JSON.stringify(read.body)])
      for (const secret of SECRETS) expect(text).not.toContain(secret);
  });

  it('keep the credentials sealed in the store row, never in the clear', async () => {
    const knex = knexOn(database.env);
    try {
      const row = await knex('strapi_core_store_settings').where('key', 'core_shop-shipping_settings').first('value');
      expect(row?.value).toBeTruthy();
      const value = typeof row.value === 'string' ? row.value : JSON.stringify(row.value);
      for (const secret of SECRETS) expect(value).not.toContain(secret);
      expect(value).toMatch(/"sealed":"v1:/);
    } finally {
      await knex.destroy();
    }
  });
});

describe('quotes', () => {
  it('5000 Córdoba: both carriers, to the door and to a branch, priced through the owner fees', async () => {
    const parcel = { weight: 600, length: 30, width: 20, height: 8 };
    const res = await quote('5000', 'AR-X', [parcel]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.unavailable).toEqual([]);
    const options = res.body.shippingOptions as ShippingOption[];
    const find = (carrier: string, type: string, service?: string) =>
      options.find((o) => o.carrier === carrier && o.type === type && (service === undefined || o.service === service));
    const correoDoor = correoPrice({ postalCodeOrigin: '8300', postalCodeDestination: '5000', dimensions: parcel });
    // Correo: +10 % and $500, rounded to the peso; its branch rate is 80 % of the door's.
    expect(find('correo-argentino', 'door', 'Clásico')?.price).toBe(Math.round(correoDoor * 1.1 + 500));
    expect(find('correo-argentino', 'branch', 'Clásico')?.price).toBe(Math.round((Math.round(correoDoor * 0.8 * 100) / 100) * 1.1 + 500));
    expect(find('correo-argentino', 'door', 'Expreso')).toBeDefined();
    // Andreani: no fee set; one contract for the door, another for branches.
    expect(find('andreani', 'door')?.price).toBe(
      Math.round(andreaniPrice({ cpDestino: '5000', kilos: 0.6, volumen: 4800, branch: false })),
    );
    expect(find('andreani', 'branch')?.price).toBe(
      Math.round(andreaniPrice({ cpDestino: '5000', kilos: 0.6, volumen: 4800, branch: true })),
    );
    for (const option of options) {
      expect(option.id).toMatch(/^[\w-]+\.[\w-]+$/);
      expect(option.days.min).toBeGreaterThan(0);
      expect(option.days.max).toBeGreaterThanOrEqual(option.days.min);
    }
    // Cheapest first; the carriers saw the shop's postal code and Correo its customer id.
    expect(options.map((o) => o.price)).toEqual([...options.map((o) => o.price)].sort((a, b) => a - b));
    const rates = correo.state.calls.filter((c) => c.path === '/rates').at(-1);
    expect(rates?.body).toMatchObject({ customerId: CORREO.customerId, postalCodeOrigin: '8300', postalCodeDestination: '5000' });
  });

  it('a CPA is quoted with its 4 digits; a wrong code or a CPA of another province is a Spanish 400', async () => {
    const cpa = await quote('x5000abc', 'AR-X', [freshParcel()]);
    expect(cpa.status).toBe(200);
    expect(cpa.body.shippingOptions.length).toBeGreaterThanOrEqual(4);
    const bad = await quote('50', 'AR-X', [freshParcel()]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(POSTAL_CODE_MSG.format);
    const mismatch = await quote('Q8300ABC', 'AR-X', [freshParcel()]);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('El CPA Q8300ABC es de Neuquén, no de Córdoba: revisá la provincia o el código postal');
  });

  it('a carrier down is left out with a Spanish note; the other still quotes', async () => {
    await mode(correo, 'down');
    try {
      const res = await quote('8400', 'AR-R', [freshParcel()]);
      expect(res.status).toBe(200);
      expect(res.body.unavailable).toEqual([
        { carrier: 'correo-argentino', message: 'Correo Argentino no está disponible en este momento' },
      ]);
      expect(res.body.shippingOptions.map((o: { carrier: string }) => o.carrier)).toEqual(['andreani', 'andreani']);
    } finally {
      await mode(correo, 'ok');
    }
  });

  it('a carrier refusing (its 400) is left out too', async () => {
    await mode(andreani, 'error');
    try {
      const res = await quote('1000', 'AR-C', [freshParcel()]);
      expect(res.status).toBe(200);
      expect(res.body.unavailable).toEqual([{ carrier: 'andreani', message: 'Andreani no pudo cotizar este envío' }]);
      expect(res.body.shippingOptions.every((o: { carrier: string }) => o.carrier === 'correo-argentino')).toBe(true);
      expect(res.body.shippingOptions.length).toBe(3);
    } finally {
      await mode(andreani, 'ok');
    }
  });

  it('a carrier slower than 4 s is left out, and the answer does not wait for it', async () => {
    await mode(correo, 'slow', 5000);
    try {
      const started = Date.now();
      const res = await quote('5000', 'AR-X', [freshParcel()]);
      const took = Date.now() - started;
      expect(res.status).toBe(200);
      expect(res.body.unavailable).toEqual([
        { carrier: 'correo-argentino', message: 'Correo Argentino no respondió a tiempo: probá de nuevo en unos minutos' },
      ]);
      expect(res.body.shippingOptions.length).toBe(2);
      expect(took).toBeGreaterThanOrEqual(3900);
      expect(took).toBeLessThan(4900);
    } finally {
      await mode(correo, 'ok');
    }
  });

  it('both down: the owner flat rate (free from the threshold is for the checkout); without it, no option', async () => {
    expect((await putSettings({ flatRate: 6500 })).status).toBe(200);
    await mode(correo, 'down');
    await mode(andreani, 'down');
    try {
      const flat = await quote('8300', 'AR-Q', [freshParcel()]);
      expect(flat.status).toBe(200);
      expect(flat.body.unavailable.map((u: { carrier: string }) => u.carrier).sort()).toEqual(['andreani', 'correo-argentino']);
      expect(flat.body.shippingOptions).toEqual([
        expect.objectContaining({ carrier: 'flat', service: 'Envío a todo el país', type: 'door', price: 6500 }),
      ]);
      expect((await putSettings({ flatRate: null })).status).toBe(200);
      const none = await quote('8300', 'AR-Q', [freshParcel()]);
      expect(none.body.shippingOptions).toEqual([]);
      expect(none.body.unavailable).toHaveLength(2);
    } finally {
      await mode(correo, 'ok');
      await mode(andreani, 'ok');
    }
  });

  it('an expired token: the shop logs in again and quotes', async () => {
    expect((await quote('5000', 'AR-X', [freshParcel()])).body.unavailable).toEqual([]);
    const before = { correo: correo.state.logins, andreani: andreani.state.logins };
    for (const fake of [correo, andreani])
      expect((await fetch(`${fake.url}/__control/expire-tokens`, { method: 'POST' })).status).toBe(200);
    const res = await quote('5000', 'AR-X', [freshParcel()]);
    expect(res.body.unavailable).toEqual([]);
    expect(res.body.shippingOptions.length).toBe(5);
    expect(correo.state.logins).toBe(before.correo + 1);
    expect(andreani.state.logins).toBe(before.andreani + 1);
  });

  it('the cart products are packed as their category parcel', async () => {
    const created = await asOwner('/products', {
      body: {
        title: `Body envío ${randomUUID().slice(0, 6)}`,
        description: 'd',
        price: 15000,
        category: 'conjuntos',
        stockBySize: { M: 3 },
        size: ['M'],
        thumbnails: ['/images/x.webp'],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await putSettings({ categoryParcels: { conjuntos: { weight: 251, length: 25, width: 18, height: 4 } } })).status).toBe(200);
    const res = await call('/shipping/quote', {
      body: { address: { postalCode: '5000', province: 'AR-X' }, items: [{ productId: created.body.product._id, quantity: 2 }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.shippingOptions.length).toBe(5);
    const rates = correo.state.calls.filter((c) => c.path === '/rates').at(-1);
    expect(rates?.body.dimensions).toEqual({ weight: 502, height: 8, width: 18, length: 25 });
    const gone = await call('/shipping/quote', {
      body: { address: { postalCode: '5000', province: 'AR-X' }, items: [{ productId: 'no-existe', quantity: 1 }] },
    });
    expect(gone.status).toBe(400);
    expect(gone.body.message).toMatch(/ya no está en la tienda/);
  });
});

describe('branches', () => {
  it('lists each carrier branches near the postal code, with address and hours', async () => {
    const a = await call('/shipping/branches?carrier=andreani&postalCode=5000');
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.branches.map((b: { name: string }) => b.name)).toEqual(['Córdoba Centro', 'Córdoba Alta Córdoba']);
    expect(a.body.branches[0]).toEqual({
      id: '41',
      name: 'Córdoba Centro',
      address: 'La Tablada 343, Córdoba',
      hours: 'Lunes a viernes de 9 a 18 hs. Sábados de 9 a 13 hs.',
    });
    const c = await call('/shipping/branches?carrier=correo-argentino&postalCode=5000&province=AR-X');
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body.branches[0]).toEqual({
      id: 'X5000',
      name: 'Córdoba Centro',
      address: 'Av. Colón 210, Córdoba',
      hours: 'Lun a Vie 09:00 a 18:00 · Sáb 09:00 a 13:00',
    });
    const cpa = await call('/shipping/branches?carrier=correo-argentino&postalCode=R8400ABC');
    expect(cpa.body.branches.map((b: { name: string }) => b.name)).toEqual(['San Carlos de Bariloche']);
    const noProvince = await call('/shipping/branches?carrier=correo-argentino&postalCode=5000');
    expect(noProvince.status).toBe(400);
    expect(noProvince.body.message).toMatch(/indicá la provincia/);
  });

  it('a carrier that is not enabled has no branches (404)', async () => {
    expect((await putSettings({ carriers: { andreani: { enabled: false } } })).status).toBe(200);
    try {
      const res = await call('/shipping/branches?carrier=andreani&postalCode=8300');
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('La tienda no envía con Andreani');
    } finally {
      expect((await putSettings({ carriers: { andreani: { enabled: true } } })).status).toBe(200);
    }
  });
});

describe('who may do what, and junk', () => {
  it('settings: no token or a forged one 401; sales and catalog 403', async () => {
    for (const method of ['GET', 'PUT']) {
      const body = method === 'PUT' ? { flatRate: 1 } : undefined;
      expect((await call('/shipping/settings', { method, body })).status).toBe(401);
      expect((await call('/shipping/settings', { method, body, token: GARBAGE_TOKEN })).status).toBe(401);
    }
    for (const role of ['sales', 'catalog'] as const) {
      const token = await inviteStaff(owner, role, shop.url);
      for (const method of ['GET', 'PUT']) {
        const res = await call('/shipping/settings', { method, token, body: method === 'PUT' ? { flatRate: 1 } : undefined });
        expect(res.status, `${role} ${method}`).toBe(403);
      }
    }
    expect((await asOwner('/shipping/settings')).body.flatRate).toBeNull();
  });

  it('junk input is a Spanish 400, never a 500', async () => {
    const junkSettings = [
      { carriers: { dhl: { enabled: true } } },
      { flatRate: -1 },
      { flatRate: 'mucho' },
      { originPostalCode: 'abc' },
      { carriers: { andreani: { credentials: { user: 'u' } } } },
      { defaultParcel: { weight: 1e9, length: 1, width: 1, height: 1 } },
      { categoryParcels: [] },
      [],
    ];
    for (const body of junkSettings) {
      const res = await putSettings(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    const junkQuotes = [
      {},
      { address: 'Córdoba' },
      { address: { postalCode: '5000', province: 'Córdoba' }, parcels: [freshParcel()] },
      { address: { postalCode: '5000', province: 'AR-X' }, parcels: [] },
      { address: { postalCode: '5000', province: 'AR-X' }, parcels: [{ weight: 'x', length: 1, width: 1, height: 1 }] },
      { address: { postalCode: '5000', province: 'AR-X' }, items: [{ productId: {}, quantity: 1 }] },
      { address: { postalCode: '5000', province: 'AR-X' }, items: [{ productId: 'a', quantity: -3 }] },
      { address: { postalCode: 5000, province: 'AR-X' }, parcels: [freshParcel()] },
    ];
    for (const body of junkQuotes) {
      const res = await call('/shipping/quote', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    for (const query of [
      'carrier=dhl&postalCode=5000',
      'carrier=andreani',
      'carrier=andreani&postalCode=abc',
      'carrier[]=andreani&postalCode=5000',
      'carrier=andreani&postalCode=5000&province=XX',
    ]) {
      const res = await call(`/shipping/branches?${query}`);
      expect(res.status, query).toBe(400);
    }
    const raw = await call('/shipping/quote', { raw: '{no es json', headers: { 'content-type': 'application/json' } });
    expect(raw.status).toBe(400);
  });
});
