import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalPrice, productSchema } from '@shop/shared';
import { api, adminToken } from '../helpers/api';
import { asAdmin, expectAdminOnly } from '../helpers/auth-matrix';

const PRODUCT_KEYS = [
  '_id',
  'title',
  'description',
  'price',
  'discount',
  'category',
  'thumbnails',
  'stock',
  'size',
  'stockBySize',
  'status',
  'colors',
  // Variants (colour × size, with SKU and available), which photo shows which colour, the staff's review flag.
  'variants',
  'photoColors',
  'colorReview',
  // The packed parcel for national shipping (grams, cm; null measures take the category's default).
  'parcel',
  // Ley 27.743: the price as shown without national taxes (and the transfer price's, when the shop gives one).
  'netPrice',
  'createdAt',
  'updatedAt',
].sort();

type ApiProduct = {
  _id: string;
  title: string;
  price: number;
  discount: number;
  size: string[];
  status: boolean;
  stock: number;
  category: string;
};

const CATEGORY = `prueba-${Date.now().toString(36)}`;

function productBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Corpiño de prueba',
    description: 'Descripción de prueba',
    price: 10000,
    discount: 0,
    category: CATEGORY,
    stock: 5,
    size: ['M'],
    status: true,
    thumbnails: ['/images/products/corpino-clasico-aro.webp'],
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown>): Promise<ApiProduct> {
  const res = await asAdmin('POST', '/products', productBody(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.product;
}

const titles = (res: { body: { payload: ApiProduct[] } }) => res.body.payload.map((p) => p.title);

describe('products', () => {
  // Five products of a category only this file uses: A..E, D inactive. Final prices: A 9000, B 12000, C 15000, D 5000, E 20000.
  let fixtures: Record<'A' | 'B' | 'C' | 'D' | 'E', ApiProduct>;

  let originalContent: unknown;

  beforeAll(async () => {
    // Products must belong to one of the store's categories: add this file's own for the duration of the file.
    const content = (await api('/content')).body.content;
    originalContent = structuredClone(content);
    content.productCatalog.categories.push({ name: CATEGORY, display_name: 'Prueba' });
    expect((await asAdmin('PUT', '/content', content)).status).toBe(200);
    fixtures = {
      A: await create({ title: 'Alfa encaje rosa', price: 10000, discount: 10, size: ['S', 'M'] }),
      B: await create({ title: 'Bravo microfibra', price: 12000, size: 'm, xl', description: 'Tiene ENCAJE francés en la cintura' }),
      C: await create({ title: 'Charlie algodón', price: 20000, discount: 25, size: ['L'] }),
      D: await create({ title: 'Delta inactivo', price: 5000, size: ['S', 'XL'], status: false }),
      E: await create({ title: 'Eco satén', price: 20000, size: ['XXL'] }),
    };
  });

  afterAll(async () => {
    await asAdmin('PUT', '/content', originalContent);
  });

  describe('prices without national taxes (Ley 27.743)', () => {
    it('every public answer carries the net of the shown price at the shop rate, or its category’s, and of the transfer price', async () => {
      // A: 10.000 with 10 % off = 9.000 shown; at 21 %, 9.000 / 1,21 = 7.438,02 → 7.438.
      const one = await api(`/products/${fixtures.A._id}`);
      expect(one.body.product).toMatchObject({ netPrice: 7438 });
      expect(one.body.product.netTransferPrice).toBeUndefined();
      const list = await api(`/products?category=${CATEGORY}&limit=all`);
      expect(list.body.payload.find((p: ApiProduct) => p._id === fixtures.B._id)).toMatchObject({ netPrice: 9917 });

      const content = (await api('/content')).body.content;
      const before = structuredClone(content);
      content.taxes = { vatRate: 21, categoryRates: [{ category: CATEGORY, rate: 10.5 }] };
      content.checkout.paymentInfo.bankTransfer = { ...content.checkout.paymentInfo.bankTransfer, enabled: true, discountPercent: 10 };
      expect((await asAdmin('PUT', '/content', content)).status).toBe(200);
      try {
        // 10,5 % for this category: 9.000 / 1,105 = 8.144,80 → 8.145; by transfer 8.100 / 1,105 = 7.330,32 → 7.330.
        const reduced = await api(`/products/${fixtures.A._id}`);
        expect(reduced.body.product).toMatchObject({ netPrice: 8145, netTransferPrice: 7330 });
        const seller = await api(`/products/best-sellers?limit=12`);
        for (const product of seller.body.payload as ApiProduct[])
          expect(typeof (product as { netPrice?: unknown }).netPrice).toBe('number');
      } finally {
        expect((await asAdmin('PUT', '/content', before)).status).toBe(200);
      }
      // A rate the law does not have is refused in Spanish, nothing saved.
      const junk = structuredClone(before);
      junk.taxes = { vatRate: 19, categoryRates: [] };
      const refused = await asAdmin('PUT', '/content', junk);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('La alícuota de IVA debe ser 21 %, 10,5 %, 27 % o 0 %');
      expect((await api('/content')).body.content.taxes).toEqual({ vatRate: 21, categoryRates: [] });
    });
  });

  describe('GET /products', () => {
    it('answers the documented page shape with only public product fields', async () => {
      const res = await api('/products');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('success');
      expect(res.body.page).toBe(1);
      expect(res.body.payload.length).toBeLessThanOrEqual(12);
      expect(res.body.totalProducts).toBe(res.body.totalDocs);
      expect(res.body.totalPages).toBe(Math.ceil(res.body.totalDocs / 12));
      for (const product of res.body.payload) {
        // `rating` only on a product with approved reviews (another file may have reviewed one).
        expect(
          Object.keys(product)
            .filter((key) => key !== 'rating')
            .sort(),
        ).toEqual(PRODUCT_KEYS);
        expect(productSchema.safeParse(product).success).toBe(true);
        expect(product.status).toBe(true);
      }
    });

    it('shows the public only active products, whatever status it asks for', async () => {
      for (const query of ['', '&status=false', '&status=true']) {
        const res = await api(`/products?category=${CATEGORY}&limit=all${query}`);
        expect(res.status).toBe(200);
        expect(titles(res).sort()).toEqual(['Alfa encaje rosa', 'Bravo microfibra', 'Charlie algodón', 'Eco satén']);
        expect(res.body.totalDocs).toBe(4);
      }
    });

    it('shows an admin every product, filtered by status when asked', async () => {
      const token = await adminToken();
      const all = await api(`/products?category=${CATEGORY}&limit=all`, { token });
      expect(all.body.totalDocs).toBe(5);
      const inactive = await api(`/products?category=${CATEGORY}&status=false`, { token });
      expect(titles(inactive)).toEqual(['Delta inactivo']);
      const active = await api(`/products?category=${CATEGORY}&status=true`, { token });
      expect(active.body.totalDocs).toBe(4);
    });

    it('paginates in the database', async () => {
      const token = await adminToken();
      const page2 = await api(`/products?category=${CATEGORY}&limit=2&page=2&sortBy=title&sortOrder=asc`, { token });
      expect(page2.body).toMatchObject({ page: 2, totalDocs: 5, totalPages: 3 });
      expect(titles(page2)).toEqual(['Charlie algodón', 'Delta inactivo']);
      const page3 = await api(`/products?category=${CATEGORY}&limit=2&page=3&sortBy=title&sortOrder=asc`, { token });
      expect(titles(page3)).toEqual(['Eco satén']);
      const beyond = await api(`/products?category=${CATEGORY}&limit=2&page=9`, { token });
      expect(beyond.status).toBe(200);
      expect(beyond.body.payload).toEqual([]);
      const all = await api(`/products?category=${CATEGORY}&limit=all`);
      expect(all.body).toMatchObject({ totalPages: 1, totalDocs: 4 });
      expect(all.body.payload).toHaveLength(4);
    });

    it('sorts by the discounted price and by title, both directions', async () => {
      const asc = await api(`/products?category=${CATEGORY}&sortBy=price&sortOrder=asc`);
      // A 9000 < B 12000 < C 15000 (20000 - 25%) < E 20000
      expect(titles(asc)).toEqual(['Alfa encaje rosa', 'Bravo microfibra', 'Charlie algodón', 'Eco satén']);
      const desc = await api(`/products?category=${CATEGORY}&sortBy=price&sortOrder=desc`);
      expect(titles(desc)).toEqual(['Eco satén', 'Charlie algodón', 'Bravo microfibra', 'Alfa encaje rosa']);
      const byTitle = await api(`/products?category=${CATEGORY}&sortBy=title&sortOrder=desc`);
      expect(titles(byTitle)).toEqual(['Eco satén', 'Charlie algodón', 'Bravo microfibra', 'Alfa encaje rosa']);
    });

    it('filters by sizes given repeated, as a list or comma separated', async () => {
      const one = await api(`/products?category=${CATEGORY}&sizes=XL`);
      expect(titles(one)).toEqual(['Bravo microfibra']);
      const repeated = await api(`/products?category=${CATEGORY}&sizes=s&sizes=XXL&sortBy=title`);
      expect(titles(repeated)).toEqual(['Alfa encaje rosa', 'Eco satén']);
      const comma = await api(`/products?category=${CATEGORY}&sizes=S,XXL&sortBy=title`);
      expect(titles(comma)).toEqual(['Alfa encaje rosa', 'Eco satén']);
      // 'L' must not match 'XL' (exact size, not substring)
      const large = await api(`/products?category=${CATEGORY}&sizes=L`);
      expect(titles(large)).toEqual(['Charlie algodón']);
    });

    it('searches title and description without caring about case', async () => {
      const res = await api(`/products?category=${CATEGORY}&searchTerm=encaje&sortBy=title`);
      expect(titles(res)).toEqual(['Alfa encaje rosa', 'Bravo microfibra']);
      const upper = await api(`/products?category=${CATEGORY}&searchTerm=SATÉN`);
      expect(titles(upper)).toEqual(['Eco satén']);
      const none = await api(`/products?category=${CATEGORY}&searchTerm=${encodeURIComponent('%_no-existe')}`);
      expect(none.body).toMatchObject({ totalDocs: 0, payload: [] });
    });

    it('ignores malformed query values instead of failing', async () => {
      const res = await api('/products?limit=abc&page=-3&sortBy=drop&sortOrder=sideways&sizes[a]=1');
      expect(res.status).toBe(200);
      expect(res.body.page).toBe(1);
      expect(res.body.payload.length).toBeLessThanOrEqual(12);
    });
  });

  describe('GET /products/count and /products/{id}', () => {
    it('counts active products for the public and all for an admin', async () => {
      const pub = await api('/products/count');
      const adm = await api('/products/count', { token: await adminToken() });
      const inactive = await api('/products?status=false&limit=all', { token: await adminToken() });
      expect(pub.status).toBe(200);
      expect(adm.body.count - pub.body.count).toBe(inactive.body.totalDocs);
      const publicList = await api('/products?limit=all');
      expect(pub.body.count).toBe(publicList.body.totalDocs);
    });

    it('answers one product, and 404 for an inactive one unless admin', async () => {
      const one = await api(`/products/${fixtures.A._id}`);
      expect(one.status).toBe(200);
      expect(Object.keys(one.body.product).sort()).toEqual(PRODUCT_KEYS);
      expect(one.body.product).toMatchObject({ _id: fixtures.A._id, price: 10000, discount: 10, size: ['S', 'M'] });
      const hidden = await api(`/products/${fixtures.D._id}`);
      expect(hidden.status).toBe(404);
      expect(hidden.body.message).toBe('Producto no encontrado');
      const admin = await api(`/products/${fixtures.D._id}`, { token: await adminToken() });
      expect(admin.status).toBe(200);
      expect(admin.body.product.status).toBe(false);
    });

    it('answers 404 in Spanish for unknown or absurd ids', async () => {
      for (const id of ['no-existe', '123', 'x'.repeat(300), "' OR 1=1 --"]) {
        const res = await api(`/products/${encodeURIComponent(id)}`);
        expect(res.status, id).toBe(404);
        expect(res.body.message).toBe('Producto no encontrado');
      }
    });
  });

  describe('POST /products', () => {
    it('is admin only', async () => {
      await expectAdminOnly('POST', '/products', productBody());
    });

    it('creates a product with normalized sizes and default colours', async () => {
      const res = await asAdmin(
        'POST',
        '/products',
        productBody({ title: '  Nuevo body  ', size: 's, m ,xl', discount: undefined, stock: undefined }),
      );
      expect(res.status).toBe(201);
      const p = res.body.product;
      expect(Object.keys(p).sort()).toEqual(PRODUCT_KEYS);
      expect(p).toMatchObject({ title: 'Nuevo body', size: ['S', 'M', 'XL'], discount: 0, stock: 0, status: true });
      expect(p.colors).toEqual([
        { name: 'Negro', value: '#000000' },
        { name: 'Blanco', value: '#FFFFFF' },
      ]);
      expect(typeof p._id).toBe('string');
      const back = await api(`/products/${p._id}`);
      expect(back.body.product).toEqual(p);
    });

    it.each([
      [{ title: '' }, 'El título es requerido'],
      [{ title: undefined }, 'El título es requerido'],
      [{ description: '   ' }, 'La descripción es requerida'],
      [{ price: 0 }, 'El precio debe ser mayor a 0'],
      [{ price: '9900' }, 'El precio debe ser mayor a 0'],
      [{ price: 99.5 }, 'El precio debe ser mayor a 0'],
      [{ category: '' }, 'La categoría es requerida'],
      [{ category: 'no-es-una-categoria' }, 'La categoría seleccionada no es válida'],
      [{ size: [] }, 'Debe seleccionar al menos una talla'],
      [{ thumbnails: [] }, 'Debe incluir al menos una imagen'],
      [{ thumbnails: ['javascript:alert(1)'] }, 'Algunas URLs de imágenes no son válidas'],
      [{ stock: -1 }, 'El stock no puede ser negativo'],
      [{ stock: 'muchos' }, 'El stock debe ser un número entero'],
      [{ discount: 150 }, 'El descuento debe estar entre 0 y 100'],
      [{ status: 'si' }, 'El estado debe ser verdadero o falso'],
    ])('refuses %j with a Spanish 400 and writes nothing', async (override, message) => {
      const before = await api('/products/count', { token: await adminToken() });
      const res = await asAdmin('POST', '/products', productBody(override));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      const after = await api('/products/count', { token: await adminToken() });
      expect(after.body.count).toBe(before.body.count);
    });

    it('refuses non-object bodies, malformed JSON and oversized bodies', async () => {
      const token = await adminToken();
      const array = await api('/products', { method: 'POST', body: [productBody()], token });
      expect(array.status).toBe(400);
      expect(array.body.message).toMatch(/objeto JSON/);
      const malformed = await api('/products', {
        method: 'POST',
        raw: '{"title": "x",',
        headers: { 'content-type': 'application/json' },
        token,
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe('El cuerpo de la petición no es un JSON válido');
      const huge = await api('/products', { method: 'POST', body: productBody({ description: 'x'.repeat(400_000) }), token });
      expect(huge.status).toBe(413);
      expect(huge.body.message).toBe('La petición es demasiado grande');
    });
  });

  describe('PUT /products/{id}', () => {
    it('is admin only', async () => {
      await expectAdminOnly('PUT', `/products/${fixtures.A._id}`, { status: false });
    });

    it('changes only the status, keeping stock and discount', async () => {
      const off = await asAdmin('PUT', `/products/${fixtures.C._id}`, { status: false });
      expect(off.status).toBe(200);
      expect(off.body.product).toMatchObject({ status: false, stock: 5, discount: 25, price: 20000 });
      expect((await api(`/products/${fixtures.C._id}`)).status).toBe(404);
      const on = await asAdmin('PUT', `/products/${fixtures.C._id}`, { status: true });
      expect(on.body.product).toMatchObject({ status: true, stock: 5, discount: 25 });
    });

    it('keeps the price order and the size filter in sync with the edited fields', async () => {
      const res = await asAdmin('PUT', `/products/${fixtures.E._id}`, { price: 3000, size: ['L'] });
      expect(res.status).toBe(200);
      expect(res.body.product).toMatchObject({ price: 3000, size: ['L'] });
      const asc = await api(`/products?category=${CATEGORY}&sortBy=price&sortOrder=asc`);
      expect(titles(asc)[0]).toBe('Eco satén');
      expect(finalPrice(asc.body.payload[0].price, asc.body.payload[0].discount)).toBe(3000);
      const large = await api(`/products?category=${CATEGORY}&sizes=L&sortBy=title`);
      expect(titles(large)).toEqual(['Charlie algodón', 'Eco satén']);
      expect((await api(`/products?category=${CATEGORY}&sizes=XXL`)).body.totalDocs).toBe(0);
    });

    it('replaces the whole product with a full body', async () => {
      const res = await asAdmin('PUT', `/products/${fixtures.B._id}`, productBody({ title: 'Bravo renovado', price: 13000, discount: 5 }));
      expect(res.status).toBe(200);
      expect(res.body.product).toMatchObject({ title: 'Bravo renovado', price: 13000, discount: 5, size: ['M'] });
    });

    it('refuses bad updates without touching the product', async () => {
      const cases: [unknown, number][] = [
        [{ price: -5 }, 400],
        [{ title: '' }, 400],
        [{}, 400],
        [{ unknownField: 1 }, 400],
        [{ category: 'no-es-una-categoria' }, 400],
        [[], 400],
      ];
      for (const [body, status] of cases) {
        const res = await asAdmin('PUT', `/products/${fixtures.A._id}`, body);
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(typeof res.body.message).toBe('string');
      }
      const malformed = await api(`/products/${fixtures.A._id}`, {
        method: 'PUT',
        raw: '{status:',
        headers: { 'content-type': 'application/json' },
        token: await adminToken(),
      });
      expect(malformed.status).toBe(400);
      const still = await api(`/products/${fixtures.A._id}`);
      expect(still.body.product).toMatchObject({ title: 'Alfa encaje rosa', price: 10000, discount: 10 });
    });

    it('answers 404 for an unknown product', async () => {
      const res = await asAdmin('PUT', '/products/no-existe', { status: false });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Producto no encontrado');
    });
  });

  describe('DELETE /products/{id}', () => {
    it('is admin only', async () => {
      await expectAdminOnly('DELETE', `/products/${fixtures.A._id}`);
      expect((await api(`/products/${fixtures.A._id}`)).status).toBe(200);
    });

    it('deletes a product, then answers 404 "no encontrado"', async () => {
      const doomed = await create({ title: 'Para borrar' });
      const res = await asAdmin('DELETE', `/products/${doomed._id}`);
      expect(res.status).toBe(200);
      expect(typeof res.body.message).toBe('string');
      expect((await asAdmin('GET', `/products/${doomed._id}`)).status).toBe(404);
      const again = await asAdmin('DELETE', `/products/${doomed._id}`);
      expect(again.status).toBe(404);
      expect(again.body.message).toMatch(/no encontrado/);
    });

    // The 409 for products in active orders is in rate-limits-and-restart.test.ts (orders are rate limited here).
  });
});
