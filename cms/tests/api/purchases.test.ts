import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cuitCheckDigit,
  PURCHASES_MSG,
  STOCK_SHEET_MSG,
  purchaseSheetAnswerSchema,
  STAFF_FORBIDDEN_MESSAGE,
  purchaseAnswerSchema,
  purchasesAnswerSchema,
  stockCheckAnswerSchema,
  stockMovementsAnswerSchema,
  supplierAnswerSchema,
  suppliersAnswerSchema,
  variantCostsAnswerSchema,
  type CostMethod,
  type Purchase,
  type StockMovement,
} from '@shop/shared';
import { expectMessage } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { createProduct, type TestProduct } from '../helpers/orders';
import { documentPath, panel, panelToken } from '../helpers/panel';
import { expectCatalogAndOwnerOnly, startReturnsShop, type ReturnsShop } from '../helpers/returns';

/**
 * "Ingreso de mercadería" (docs/api.md "Purchases"): suppliers, purchases as drafts, receptions (partial, then the
 * rest) through the stock ledger, one reception only when two arrive at once, the cost by the owner's method to the
 * peso, the reversal (and its refusal below 0), the permission matrix, junk, and costs never in a public answer.
 */

let at: ReturnsShop;

beforeAll(async () => {
  at = await startReturnsShop();
}, 180_000);

afterAll(async () => {
  if (!at) return;
  await at.call('/purchase-settings', { method: 'PUT', body: { costMethod: 'last' }, token: at.owner });
  await at.call('/content', { method: 'PUT', body: at.original, token: at.owner });
  await at.shop.stop();
});

let counter = 0;
const tag = () => {
  counter += 1;
  return `${Date.now().toString(36).toUpperCase()}${counter}`;
};

/** A valid CUIT starting with these ten digits. */
function cuitOf(firstTen: string): string {
  const check = cuitCheckDigit(firstTen);
  if (check === null) throw new Error(`no CUIT starts with ${firstTen}`);
  return `${firstTen}${check}`;
}

/** A valid EAN-13 no other test uses. */
function ean13(): string {
  const body = `779${String(Date.now()).slice(-7)}${String(counter).padStart(2, '0')}`.slice(0, 12);
  const sum = [...body].reverse().reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A bra in Negro, sizes M and L, with these units (M carries a barcode). */
async function bra(units: { M: number; L: number }): Promise<TestProduct & { barcode: string }> {
  const t = tag();
  const barcode = ean13();
  const product = await createProduct(
    {
      stock: units.M + units.L,
      size: ['M', 'L'],
      colors: [{ name: 'Negro', value: '#000000' }],
      variants: [
        { color: 'Negro', size: 'M', stock: units.M, sku: `COMPRA-${t}-M`, barcode },
        { color: 'Negro', size: 'L', stock: units.L, sku: `COMPRA-${t}-L` },
      ],
    },
    { baseUrl: at.shop.url, token: at.owner },
  );
  return { ...product, barcode };
}

const skuOf = (product: TestProduct, size: 'M' | 'L') => product.variants!.find((v) => v.size === size)!.sku;

async function stockOf(product: TestProduct, size: 'M' | 'L'): Promise<number> {
  const res = await at.call(`/products/${product._id}`, { token: at.owner });
  expect(res.status).toBe(200);
  return (res.body.product as TestProduct).variants!.find((v) => v.size === size)!.stock;
}

let supplierId = 0;
async function supplier(): Promise<number> {
  if (supplierId) return supplierId;
  const res = await at.call('/suppliers', { body: { name: `Proveedor Base ${tag()}` }, token: at.owner });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  supplierId = supplierAnswerSchema.parse(res.body).supplier.id;
  return supplierId;
}

async function draft(lines: { sku: string; quantity: number; unitCost: number }[], token = at.owner): Promise<Purchase> {
  const res = await at.call('/purchases', { body: { supplierId: await supplier(), lines }, token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return purchaseAnswerSchema.parse(res.body).purchase;
}

async function receive(id: number, body: unknown = {}): Promise<Purchase> {
  const res = await at.call(`/purchases/${id}/receive`, { method: 'POST', body, token: at.catalog });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return purchaseAnswerSchema.parse(res.body).purchase;
}

/** Editing the purchase is refused: it is no longer a draft. */
async function expectNotEditable(id: number, product: TestProduct): Promise<void> {
  const edit = { supplierId: await supplier(), lines: [{ sku: skuOf(product, 'M'), quantity: 1, unitCost: 1 }] };
  expectMessage(await at.call(`/purchases/${id}`, { method: 'PUT', body: edit, token: at.owner }), 409, PURCHASES_MSG.notDraft);
}

async function movements(sku: string, reason?: string): Promise<StockMovement[]> {
  const res = await at.call(`/stock-movements?sku=${sku}${reason ? `&reason=${reason}` : ''}`, { token: at.owner });
  expect(res.status).toBe(200);
  return stockMovementsAnswerSchema.parse(res.body).movements;
}

async function costOf(product: TestProduct, size: 'M' | 'L'): Promise<number | null> {
  const res = await at.call(`/variant-costs?productId=${product._id}`, { token: at.owner });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return variantCostsAnswerSchema.parse(res.body).costs.find((c) => c.size === size)!.cost;
}

async function useMethod(method: CostMethod): Promise<void> {
  const res = await at.call('/purchase-settings', { method: 'PUT', body: { costMethod: method }, token: at.owner });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toMatchObject({ costMethod: method });
}

describe('suppliers', () => {
  it('creates one (CUIT with hyphens stored as 11 digits), refuses a name taken in any case (409) and a bad CUIT (400)', async () => {
    const name = `Lencería Mayorista ${tag()}`;
    const cuit = cuitOf('3071234567');
    const created = await at.call('/suppliers', {
      body: { name, cuit: `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}`, contact: 'ventas@mayorista.example' },
      token: at.catalog,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const saved = supplierAnswerSchema.parse(created.body).supplier;
    expect(saved).toMatchObject({ name, cuit, contact: 'ventas@mayorista.example' });
    expectMessage(
      await at.call('/suppliers', { body: { name: name.toUpperCase() }, token: at.owner }),
      409,
      PURCHASES_MSG.supplierTaken(name.toUpperCase()),
    );
    const wrongDigit = `${cuit.slice(0, 10)}${(Number(cuit[10]) + 1) % 10}`;
    expectMessage(
      await at.call('/suppliers', { body: { name: `Otro ${tag()}`, cuit: wrongDigit }, token: at.owner }),
      400,
      PURCHASES_MSG.supplierCuit,
    );
    expectMessage(
      await at.call('/suppliers', { body: { name: `Otro ${tag()}`, cuit: '123' }, token: at.owner }),
      400,
      PURCHASES_MSG.supplierCuit,
    );

    const other = await at.call('/suppliers', { body: { name: `Otro Proveedor ${tag()}` }, token: at.owner });
    expect(other.status).toBe(201);
    const otherId = supplierAnswerSchema.parse(other.body).supplier.id;
    expectMessage(
      await at.call(`/suppliers/${otherId}`, { method: 'PUT', body: { name: name.toLowerCase() }, token: at.owner }),
      409,
      PURCHASES_MSG.supplierTaken(name.toLowerCase()),
    );
    const renamed = await at.call(`/suppliers/${saved.id}`, { method: 'PUT', body: { name: `${name} SRL`, cuit: '' }, token: at.owner });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.supplier).toEqual({ id: saved.id, name: `${name} SRL`, cuit: null, contact: null });
    expectMessage(
      await at.call('/suppliers/999999999', { method: 'PUT', body: { name: `Nadie ${tag()}` }, token: at.owner }),
      404,
      PURCHASES_MSG.supplierMissing,
    );
    const list = suppliersAnswerSchema.parse((await at.call('/suppliers', { token: at.catalog })).body).suppliers;
    expect(list.find((s) => s.id === saved.id)?.name).toBe(`${name} SRL`);
  });
});

describe('purchases', () => {
  it('a draft by SKU and barcode; receiving part, then the rest, adds the units through the ledger with the purchase named', async () => {
    const product = await bra({ M: 2, L: 0 });
    const purchase = await draft([
      { sku: product.barcode, quantity: 5, unitCost: 1000 },
      { sku: skuOf(product, 'L').toLowerCase(), quantity: 3, unitCost: 1200 },
    ]);
    expect(purchase).toMatchObject({ status: 'draft', units: 8, receivedUnits: 0, totalCost: 5 * 1000 + 3 * 1200 });
    expect(purchase.lines.map((l) => [l.sku, l.quantity, l.received])).toEqual([
      [skuOf(product, 'M'), 5, 0],
      [skuOf(product, 'L'), 3, 0],
    ]);
    expect(await stockOf(product, 'M')).toBe(2);

    // The draft is edited while nothing was received.
    const edited = await at.call(`/purchases/${purchase.id}`, {
      method: 'PUT',
      body: {
        supplierId: await supplier(),
        lines: [
          { sku: skuOf(product, 'M'), quantity: 6, unitCost: 1000 },
          { sku: skuOf(product, 'L'), quantity: 3, unitCost: 1200 },
        ],
      },
      token: at.catalog,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.purchase.units).toBe(9);

    const partial = await receive(purchase.id, { lines: [{ sku: product.barcode, quantity: 2 }] });
    expect(partial.status).toBe('partial');
    expect(partial.lines.map((l) => l.received)).toEqual([2, 0]);
    expect(await stockOf(product, 'M')).toBe(4);
    const [first] = await movements(skuOf(product, 'M'), 'purchase');
    expect(first).toMatchObject({
      quantity: 2,
      unitsAfter: 4,
      reason: 'purchase',
      reference: { kind: 'purchase', id: String(purchase.id), label: `Compra N° ${purchase.id}` },
    });

    expectMessage(
      await at.call(`/purchases/${purchase.id}/receive`, {
        method: 'POST',
        body: { lines: [{ sku: skuOf(product, 'M'), quantity: 5 }] },
        token: at.owner,
      }),
      409,
      PURCHASES_MSG.overReceived(skuOf(product, 'M'), 4),
    );
    expectMessage(
      await at.call(`/purchases/${purchase.id}/receive`, {
        method: 'POST',
        body: { lines: [{ sku: 'NO-ESTA', quantity: 1 }] },
        token: at.owner,
      }),
      400,
      PURCHASES_MSG.notInPurchase('NO-ESTA'),
    );
    // A purchase with units received is never edited.
    await expectNotEditable(purchase.id, product);

    const rest = await receive(purchase.id);
    expect(rest).toMatchObject({ status: 'received', receivedUnits: 9 });
    expect(await stockOf(product, 'M')).toBe(8);
    expect(await stockOf(product, 'L')).toBe(3);
    expect((await movements(skuOf(product, 'M'), 'purchase')).map((m) => m.quantity)).toEqual([4, 2]);
    expect((await movements(skuOf(product, 'L'), 'purchase')).map((m) => [m.quantity, m.unitsAfter])).toEqual([[3, 3]]);
    expectMessage(
      await at.call(`/purchases/${purchase.id}/receive`, { method: 'POST', body: {}, token: at.owner }),
      409,
      PURCHASES_MSG.nothingLeft,
    );
    await expectNotEditable(purchase.id, product);

    const check = stockCheckAnswerSchema.parse((await at.call('/stock-check', { token: at.owner })).body);
    expect(check.mismatches.filter((m) => m.productId === product._id)).toEqual([]);

    const one = await at.call(`/purchases/${purchase.id}`, { token: at.owner });
    expect(one.status).toBe(200);
    expect(one.body.purchase).toMatchObject({ id: purchase.id, status: 'received' });
    const list = purchasesAnswerSchema.parse((await at.call('/purchases', { token: at.owner })).body);
    expect(list.purchases[0]!.id).toBeGreaterThanOrEqual(purchase.id);
    expect(list.purchases.map((p) => p.id)).toEqual([...list.purchases.map((p) => p.id)].sort((a, b) => b - a));
  });

  it('two receptions of the same purchase at once add the units once', async () => {
    const product = await bra({ M: 1, L: 1 });
    const purchase = await draft([
      { sku: skuOf(product, 'M'), quantity: 3, unitCost: 500 },
      { sku: skuOf(product, 'L'), quantity: 2, unitCost: 500 },
    ]);
    const answers = await Promise.all(
      [at.catalog, at.owner, at.catalog].map((token) => at.call(`/purchases/${purchase.id}/receive`, { method: 'POST', body: {}, token })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await stockOf(product, 'M')).toBe(4);
    expect(await stockOf(product, 'L')).toBe(3);
    expect(await movements(skuOf(product, 'M'), 'purchase')).toHaveLength(1);

    // Partial receptions at once: never more than ordered.
    const second = await draft([{ sku: skuOf(product, 'M'), quantity: 3, unitCost: 500 }]);
    const parts = await Promise.all(
      [1, 2].map(() =>
        at.call(`/purchases/${second.id}/receive`, {
          method: 'POST',
          body: { lines: [{ sku: skuOf(product, 'M'), quantity: 2 }] },
          token: at.owner,
        }),
      ),
    );
    expect(parts.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await stockOf(product, 'M')).toBe(6);
    const check = stockCheckAnswerSchema.parse((await at.call('/stock-check', { token: at.owner })).body);
    expect(check.mismatches.filter((m) => m.productId === product._id)).toEqual([]);
  });

  it('updates the cost by the last cost, or by the average weighted with the units on hand, to the peso', async () => {
    const product = await bra({ M: 0, L: 4 });
    expect(await costOf(product, 'M')).toBeNull();
    await useMethod('last');
    await receive((await draft([{ sku: skuOf(product, 'M'), quantity: 10, unitCost: 1000 }])).id);
    expect(await costOf(product, 'M')).toBe(1000);
    await receive((await draft([{ sku: skuOf(product, 'M'), quantity: 5, unitCost: 1301 }])).id);
    expect(await costOf(product, 'M')).toBe(1301);

    await useMethod('average');
    const settings = await at.call('/purchase-settings', { token: at.catalog });
    expect(settings.body).toMatchObject({ costMethod: 'average' });
    // L has 4 units on hand with no known cost: the first cost is the purchase's.
    await receive((await draft([{ sku: skuOf(product, 'L'), quantity: 2, unitCost: 800 }])).id);
    expect(await costOf(product, 'L')).toBe(800);
    // (6 × 800 + 3 × 1003) / 9 = 867.67 → 868.
    await receive((await draft([{ sku: skuOf(product, 'L'), quantity: 3, unitCost: 1003 }])).id);
    expect(await costOf(product, 'L')).toBe(868);
    // M: 15 on hand at 1301; (15 × 1301 + 1 × 1117) / 16 = 1289.5 → 1290 (half a peso rounds up).
    await receive((await draft([{ sku: skuOf(product, 'M'), quantity: 1, unitCost: 1117 }])).id);
    expect(await costOf(product, 'M')).toBe(1290);
    // A partial reception weighs only the units received, with the units on hand before it.
    const partly = await draft([{ sku: skuOf(product, 'M'), quantity: 10, unitCost: 2000 }]);
    await receive(partly.id, { lines: [{ sku: skuOf(product, 'M'), quantity: 4 }] });
    // (16 × 1290 + 4 × 2000) / 20 = 1432.
    expect(await costOf(product, 'M')).toBe(1432);
    await useMethod('last');

    // The cost method is the owner's setting.
    expectMessage(
      await at.call('/purchase-settings', { method: 'PUT', body: { costMethod: 'average' }, token: at.catalog }),
      403,
      STAFF_FORBIDDEN_MESSAGE,
    );
    expect((await at.call('/purchase-settings', { token: at.catalog })).body).toMatchObject({ costMethod: 'last' });
  });

  it('reverses a received purchase once with opposite movements, refusing when a variant would go below 0', async () => {
    const product = await bra({ M: 1, L: 0 });
    const purchase = await draft([
      { sku: skuOf(product, 'M'), quantity: 4, unitCost: 700 },
      { sku: skuOf(product, 'L'), quantity: 2, unitCost: 700 },
    ]);
    expectMessage(
      await at.call(`/purchases/${purchase.id}/reverse`, { method: 'POST', body: {}, token: at.owner }),
      409,
      PURCHASES_MSG.reverseDraft,
    );
    await receive(purchase.id, {
      lines: [
        { sku: skuOf(product, 'M'), quantity: 4 },
        { sku: skuOf(product, 'L'), quantity: 1 },
      ],
    });
    expect(await stockOf(product, 'M')).toBe(5);
    const reversed = await at.call(`/purchases/${purchase.id}/reverse`, { method: 'POST', body: {}, token: at.catalog });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.purchase).toMatchObject({ status: 'reversed' });
    expect(await stockOf(product, 'M')).toBe(1);
    expect(await stockOf(product, 'L')).toBe(0);
    const [back] = await movements(skuOf(product, 'M'), 'purchase_reversal');
    expect(back).toMatchObject({
      quantity: -4,
      unitsAfter: 1,
      note: 'reversión',
      reference: { kind: 'purchase', id: String(purchase.id) },
    });
    expectMessage(
      await at.call(`/purchases/${purchase.id}/reverse`, { method: 'POST', body: {}, token: at.owner }),
      409,
      PURCHASES_MSG.alreadyReversed,
    );
    expectMessage(
      await at.call(`/purchases/${purchase.id}/receive`, { method: 'POST', body: {}, token: at.owner }),
      409,
      PURCHASES_MSG.alreadyReversed,
    );

    // Units sold (here: taken by an adjustment) after the reception: the reversal would leave the variant below 0.
    const sold = await draft([{ sku: skuOf(product, 'L'), quantity: 3, unitCost: 700 }]);
    await receive(sold.id);
    const taken = await at.call('/stock-adjustments', {
      body: { sku: skuOf(product, 'L'), quantity: -2, reason: 'robo' },
      token: at.owner,
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expectMessage(
      await at.call(`/purchases/${sold.id}/reverse`, { method: 'POST', body: {}, token: at.owner }),
      409,
      PURCHASES_MSG.belowZero(skuOf(product, 'L'), 1),
    );
    expect(await stockOf(product, 'L')).toBe(1);
    expect(await movements(skuOf(product, 'L'), 'purchase_reversal')).toHaveLength(1);
    expect((await at.call(`/purchases/${sold.id}`, { token: at.owner })).body.purchase.status).toBe('received');
    const check = stockCheckAnswerSchema.parse((await at.call('/stock-check', { token: at.owner })).body);
    expect(check.mismatches.filter((m) => m.productId === product._id)).toEqual([]);
  });

  it('never puts a cost in a public answer', async () => {
    const product = await bra({ M: 0, L: 0 });
    await receive((await draft([{ sku: skuOf(product, 'M'), quantity: 1, unitCost: 9_876_543 }])).id);
    expect(await costOf(product, 'M')).toBe(9_876_543);
    for (const path of [`/products/${product._id}`, `/products?searchTerm=${encodeURIComponent(skuOf(product, 'M'))}`, '/products']) {
      const res = await at.call(path);
      expect(res.status, path).toBe(200);
      const text = JSON.stringify(res.body);
      expect(text, path).not.toContain('9876543');
      expect(text, path).not.toMatch(/"cost"|unitCost|costMethod/i);
    }
  });
});

describe("Strapi's panel", () => {
  it('can write no purchase, supplier or cost (they move units and costs only through the shop)', async () => {
    const token = await panelToken(at.shop.url);
    const before = purchasesAnswerSchema.parse((await at.call('/purchases', { token: at.owner })).body).total;
    const suppliers = suppliersAnswerSchema.parse((await at.call('/suppliers', { token: at.owner })).body).suppliers.length;
    const bodies: [string, Record<string, unknown>][] = [
      ['api::purchase.purchase', { supplierId: 1, status: 'received', lines: [] }],
      ['api::purchase.supplier', { name: `Panel ${tag()}`, nameKey: `panel ${tag()}` }],
      ['api::purchase.variant-cost', { productDocumentId: 'x', variantId: 'y', cost: 1 }],
    ];
    for (const [uid, body] of bodies) {
      const write = await panel(documentPath(uid), { method: 'POST', body, token, baseUrl: at.shop.url });
      expect(write.status, `${uid}: ${JSON.stringify(write.body).slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    }
    expect(purchasesAnswerSchema.parse((await at.call('/purchases', { token: at.owner })).body).total).toBe(before);
    expect(suppliersAnswerSchema.parse((await at.call('/suppliers', { token: at.owner })).body).suppliers).toHaveLength(suppliers);
  });
});

describe('who may call the purchases', () => {
  const routes = [
    ['GET', '/suppliers', undefined],
    ['POST', '/suppliers', { name: '' }],
    ['PUT', '/suppliers/999999999', { name: 'Nadie' }],
    ['GET', '/purchases', undefined],
    ['POST', '/purchases', { supplierId: 999999999, lines: [{ sku: 'NO-EXISTE', quantity: 1, unitCost: 1 }] }],
    ['GET', '/purchases/999999999', undefined],
    ['PUT', '/purchases/999999999', { supplierId: 1, lines: [{ sku: 'NO-EXISTE', quantity: 1, unitCost: 1 }] }],
    ['POST', '/purchases/999999999/receive', {}],
    ['POST', '/purchases/999999999/reverse', {}],
    ['GET', '/variant-costs?productId=noexiste', undefined],
    ['GET', '/purchase-settings', undefined],
  ] as const;
  // What catalog and the owner get: the role passed, the call then fails on its own (unknown ids, empty name).
  const allowed: Record<string, number> = {
    'GET /suppliers': 200,
    'POST /suppliers': 400,
    'PUT /suppliers/999999999': 404,
    'GET /purchases': 200,
    'POST /purchases': 400,
    'GET /purchases/999999999': 404,
    'PUT /purchases/999999999': 404,
    'POST /purchases/999999999/receive': 404,
    'POST /purchases/999999999/reverse': 404,
    'GET /variant-costs?productId=noexiste': 404,
    'GET /purchase-settings': 200,
  };

  it('no token 401, a garbage token 401, a shopper 403, sales 403; catalog and the owner may', async () => {
    await expectCatalogAndOwnerOnly(at, routes, (method, path) => allowed[`${method} ${path}`]!);
    const setting = { method: 'PUT' as const, body: { costMethod: 'last' } };
    expect((await at.call('/purchase-settings', setting)).status).toBe(401);
    expect((await at.call('/purchase-settings', { ...setting, token: at.sales })).status).toBe(403);
    expect((await at.call('/purchase-settings', { ...setting, token: at.catalog })).status).toBe(403);
    expect((await at.call('/purchase-settings', { ...setting, token: at.owner })).status).toBe(200);
  });

  it('answers junk with a Spanish 400 and changes nothing', async () => {
    const product = await bra({ M: 1, L: 0 });
    const sku = skuOf(product, 'M');
    const id = await supplier();
    const line = { sku, quantity: 1, unitCost: 100 };
    const junk: [unknown, string][] = [
      [{ lines: [line] }, PURCHASES_MSG.supplierId],
      [{ supplierId: 'uno', lines: [line] }, PURCHASES_MSG.supplierId],
      [{ supplierId: 999_999_999, lines: [line] }, PURCHASES_MSG.supplierMissing],
      [{ supplierId: id }, PURCHASES_MSG.lines],
      [{ supplierId: id, lines: [] }, PURCHASES_MSG.lines],
      [{ supplierId: id, lines: 'muchas' }, PURCHASES_MSG.lines],
      [{ supplierId: id, lines: Array.from({ length: 201 }, () => line) }, PURCHASES_MSG.lines],
      [{ supplierId: id, lines: [{ ...line, quantity: 0 }] }, PURCHASES_MSG.quantity],
      [{ supplierId: id, lines: [{ ...line, quantity: 10_001 }] }, PURCHASES_MSG.quantity],
      [{ supplierId: id, lines: [{ ...line, quantity: 1.5 }] }, PURCHASES_MSG.quantity],
      [{ supplierId: id, lines: [{ ...line, quantity: '2' }] }, PURCHASES_MSG.quantity],
      [{ supplierId: id, lines: [{ ...line, unitCost: -1 }] }, PURCHASES_MSG.unitCost],
      [{ supplierId: id, lines: [{ ...line, unitCost: 100_000_001 }] }, PURCHASES_MSG.unitCost],
      [{ supplierId: id, lines: [{ ...line, unitCost: 10.5 }] }, PURCHASES_MSG.unitCost],
      [{ supplierId: id, lines: [{ ...line, sku: '' }] }, PURCHASES_MSG.sku],
      [{ supplierId: id, lines: [{ ...line, sku: 'x'.repeat(61) }] }, PURCHASES_MSG.sku],
      [{ supplierId: id, lines: [{ ...line, sku: 'NO-EXISTE-NUNCA' }] }, PURCHASES_MSG.unknownCode('NO-EXISTE-NUNCA')],
      [{ supplierId: id, lines: [{ ...line, sku: '%' }] }, PURCHASES_MSG.unknownCode('%')],
      [{ supplierId: id, lines: [line, { ...line, sku: product.barcode }] }, PURCHASES_MSG.twice(sku)],
    ];
    const before = purchasesAnswerSchema.parse((await at.call('/purchases', { token: at.owner })).body).total;
    for (const [body, message] of junk) {
      expectMessage(await at.call('/purchases', { body, token: at.owner }), 400, message);
    }
    expect(purchasesAnswerSchema.parse((await at.call('/purchases', { token: at.owner })).body).total).toBe(before);
    for (const [body, message] of [
      [{}, PURCHASES_MSG.supplierName],
      [{ name: 'n'.repeat(121) }, PURCHASES_MSG.supplierName],
      [{ name: 42 }, PURCHASES_MSG.supplierName],
      [{ name: 'Válido', cuit: 20123456786 }, PURCHASES_MSG.supplierCuit],
      [{ name: 'Válido', contact: 'c'.repeat(201) }, PURCHASES_MSG.supplierContact],
    ] as const) {
      expectMessage(await at.call('/suppliers', { body, token: at.owner }), 400, message);
    }
    const purchase = await draft([line]);
    for (const [body, message] of [
      [{ lines: [] }, PURCHASES_MSG.lines],
      [{ lines: [{ sku, quantity: 0 }] }, PURCHASES_MSG.quantity],
      [{ lines: [{ sku, quantity: -1 }] }, PURCHASES_MSG.quantity],
      [{ lines: [{ quantity: 1 }] }, PURCHASES_MSG.sku],
    ] as const) {
      expectMessage(await at.call(`/purchases/${purchase.id}/receive`, { method: 'POST', body, token: at.owner }), 400, message);
    }
    expectMessage(
      await at.call('/purchase-settings', { method: 'PUT', body: { costMethod: 'fifo' }, token: at.owner }),
      400,
      PURCHASES_MSG.costMethod,
    );
    for (const [path, message] of [
      ['/purchases/abc', PURCHASES_MSG.badId],
      ['/purchases/0', PURCHASES_MSG.badId],
      ['/purchases/99999999999', PURCHASES_MSG.badId],
      ['/purchases?page=0', PURCHASES_MSG.badPage],
      ['/purchases?page=-1', PURCHASES_MSG.badPage],
      ['/variant-costs', PURCHASES_MSG.badProduct],
      ['/variant-costs?productId=%27%20OR%201%3D1', PURCHASES_MSG.badProduct],
    ] as const) {
      expectMessage(await at.call(path, { token: at.owner }), 400, message);
    }
    expectMessage(
      await at.call('/suppliers/abc', { method: 'PUT', body: { name: 'X' }, token: at.owner }),
      400,
      PURCHASES_MSG.badSupplierId,
    );
    const raw = await at.call('/purchases', {
      raw: '{"supplierId":',
      headers: { 'content-type': 'application/json' },
      method: 'POST',
      token: at.owner,
    });
    expect(raw.status).toBe(400);
    expect(raw.body.message).toEqual(expect.any(String));
    expect(await stockOf(product, 'M')).toBe(1);
    expect((await at.call(`/purchases/${purchase.id}`, { token: at.owner })).body.purchase.status).toBe('draft');
  });
});

/** The raw spreadsheet, as the back office sends it (text/csv). */
const postSheet = (text: string, token?: string) =>
  at.call('/purchases/sheet', { method: 'POST', raw: text, headers: { 'content-type': 'text/csv' }, token });

describe("a purchase's lines from a spreadsheet in the stock sheet's format", () => {
  it('reads the rows with units and their costs, skips those without, names every refused row, and writes nothing', async () => {
    const product = await bra({ M: 2, L: 1 });
    const [m, l] = [skuOf(product, 'M'), skuOf(product, 'L')];
    const before = purchasesAnswerSchema.parse((await at.call('/purchases', { token: at.owner })).body).total;
    const sheet = [
      'sku;barcode;producto;color;talle;stock;costo',
      `${m};;Corpiño;Negro;M;3;$ 7.500`,
      `${l};;Corpiño;Negro;L;0;`,
      `NO-EXISTE-${tag()};;Otro;;;2;100`,
      `${m};;Corpiño;Negro;M;1;7500`,
      `${l};;Corpiño;Negro;L;dos;100`,
      `${l.toLowerCase()};;Corpiño;Negro;L;4;7,5`,
    ].join('\n');
    const res = await postSheet(sheet, at.catalog);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = purchaseSheetAnswerSchema.parse(res.body);
    expect(answer.rows).toBe(6);
    expect(answer.skipped).toBe(1);
    expect(answer.lines).toEqual([{ line: 2, sku: m, product: product.title, color: 'Negro', size: 'M', quantity: 3, unitCost: 7500 }]);
    expect(answer.errors).toEqual([
      { line: 4, message: STOCK_SHEET_MSG.unknownSku(sheet.split('\n')[3]!.split(';')[0]!) },
      { line: 5, message: STOCK_SHEET_MSG.skuTwice(m, 2) },
      { line: 6, message: PURCHASES_MSG.sheetUnits('dos') },
      { line: 7, message: PURCHASES_MSG.sheetCost('7,5') },
    ]);
    // A row without a cost: the owner types it in the draft.
    const noCost = purchaseSheetAnswerSchema.parse((await postSheet(`sku,stock\n${l},5`, at.owner)).body);
    expect(noCost.lines).toEqual([expect.objectContaining({ sku: l, quantity: 5, unitCost: null })]);
    // Nothing written: no purchase, no unit.
    expect(purchasesAnswerSchema.parse((await at.call('/purchases', { token: at.owner })).body).total).toBe(before);
    expect(await stockOf(product, 'M')).toBe(2);
    expect(await stockOf(product, 'L')).toBe(1);
  });

  it('no token 401, a shopper and sales 403; junk files are Spanish 400s', async () => {
    const product = await bra({ M: 1, L: 1 });
    const sheet = `sku;stock\n${skuOf(product, 'M')};1`;
    expect((await postSheet(sheet)).status).toBe(401);
    expect((await postSheet(sheet, GARBAGE_TOKEN)).status).toBe(401);
    for (const token of [at.shopper, at.sales]) expect((await postSheet(sheet, token)).status).toBe(403);
    expectMessage(await postSheet('', at.owner), 400, STOCK_SHEET_MSG.empty);
    expectMessage(await at.call('/purchases/sheet', { body: { lines: [] }, token: at.owner }), 400, STOCK_SHEET_MSG.empty);
    expectMessage(await postSheet('sku;cantidad\nX;1', at.owner), 400, STOCK_SHEET_MSG.noColumns);
    expectMessage(await postSheet(`sku;stock\n${skuOf(product, 'M')};0`, at.owner), 400, PURCHASES_MSG.sheetNothing);
    expectMessage(await postSheet('sku;stock\n"sin cerrar;1', at.owner), 400, STOCK_SHEET_MSG.unreadable);
  });
});

describe('costs typed by hand (PUT /variant-costs)', () => {
  it("sets and forgets a variant's cost, refuses a variant the product lacks, and is for purchases.manage only", async () => {
    const product = await bra({ M: 2, L: 1 });
    const ids = Object.fromEntries(product.variants!.map((v) => [v.size, v.id]));
    const put = (body: unknown, token: string | null = at.catalog) =>
      at.call('/variant-costs', { method: 'PUT', body, token: token ?? undefined });
    const set = await put({
      productId: product._id,
      costs: [
        { variantId: ids.M, cost: 5200 },
        { variantId: ids.L, cost: 3100 },
      ],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(await costOf(product, 'M')).toBe(5200);
    expect(await costOf(product, 'L')).toBe(3100);
    expect((await put({ productId: product._id, costs: [{ variantId: ids.L, cost: null }] })).status).toBe(200);
    expect(await costOf(product, 'L')).toBeNull();
    expect(await costOf(product, 'M')).toBe(5200);
    // Never in a public answer.
    expect(JSON.stringify((await at.call(`/products/${product._id}`)).body)).not.toContain('5200');

    expect((await put({ productId: product._id, costs: [{ variantId: ids.M, cost: 1 }] }, null)).status).toBe(401);
    expect((await put({ productId: product._id, costs: [{ variantId: ids.M, cost: 1 }] }, GARBAGE_TOKEN)).status).toBe(401);
    for (const token of [at.sales, at.shopper])
      expect((await put({ productId: product._id, costs: [{ variantId: ids.M, cost: 1 }] }, token)).status).toBe(403);
    expect(await costOf(product, 'M')).toBe(5200);

    expectMessage(
      await put({
        productId: product._id,
        costs: [
          { variantId: ids.M, cost: 1 },
          { variantId: 'rojo~xl', cost: 100 },
        ],
      }),
      400,
      PURCHASES_MSG.unknownVariant('rojo~xl'),
    );
    expectMessage(await put({ productId: product._id, costs: [{ variantId: ids.M, cost: -1 }] }), 400, PURCHASES_MSG.unitCost);
    expectMessage(await put({ productId: product._id, costs: [{ variantId: ids.M, cost: 10.5 }] }), 400, PURCHASES_MSG.unitCost);
    expectMessage(
      await put({
        productId: product._id,
        costs: [
          { variantId: ids.M, cost: 1 },
          { variantId: ids.M, cost: 2 },
        ],
      }),
      400,
      PURCHASES_MSG.costs,
    );
    expectMessage(await put({ productId: product._id, costs: [] }), 400, PURCHASES_MSG.costs);
    expectMessage(await put({ productId: '../x', costs: [{ variantId: ids.M, cost: 1 }] }), 400, PURCHASES_MSG.badProduct);
    expect((await put({ productId: 'noexiste123', costs: [{ variantId: ids.M, cost: 1 }] })).status).toBe(404);
    // A refused call changed nothing, the valid first entry included.
    expect(await costOf(product, 'M')).toBe(5200);
  });
});
