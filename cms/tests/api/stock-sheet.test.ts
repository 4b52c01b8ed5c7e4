import { describe, expect, inject, it } from 'vitest';
import { STOCK_SHEET_MSG, stockSheetAnswerSchema } from '@shop/shared';
import { adminToken, api, shopperToken } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { inviteStaff } from '../helpers/staff';

// Stock by spreadsheet: GET /products/stock.csv lists every variant; POST takes the same columns back, previewed, and
// applied all or nothing. Files as Excel saves them: ';' or ',', UTF-8 with or without BOM, or Latin-1.

const COLORS = [
  { name: 'Negro', value: '#000000' },
  { name: 'Nude', value: '#E3BC9A' },
];

let counter = 0;
async function create(title: string, grid: { color: string; size: string; stock: number; sku?: string }[]) {
  counter += 1;
  const res = await api('/products', {
    token: await adminToken(),
    body: {
      title: `${title} ${Date.now().toString(36)}${counter}`,
      description: 'Producto de la planilla',
      price: 9000,
      category: 'conjuntos',
      size: ['85B', '90C'],
      colors: COLORS,
      thumbnails: ['/images/products/prueba.webp'],
      variants: grid,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.product as { _id: string; title: string; variants: { id: string; sku: string; stock: number }[]; stock: number };
}

const url = (apply = false) => `${inject('baseUrl')}/api/products/stock.csv${apply ? '?apply=1' : ''}`;

async function send(body: Buffer | string, { apply = false, token = null as string | null, type = 'text/csv' } = {}) {
  const res = await fetch(url(apply), {
    method: 'POST',
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch {
    json = { text };
  }
  return { status: res.status, body: json };
}

async function stockOf(id: string) {
  const res = await api(`/products/${id}`, { token: await adminToken() });
  return Object.fromEntries(res.body.product.variants.map((v: { id: string; stock: number }) => [v.id, v.stock])) as Record<string, number>;
}

describe('GET /products/stock.csv', () => {
  it('lists every variant with sku;barcode;producto;color;talle;stock and the parcel, and neutralises formula cells', async () => {
    const p = await create('=HYPERLINK("x")', [{ color: 'Nude', size: '85B', stock: 4, sku: 'HOJA-NUDE-85B' }]);
    const res = await fetch(`${inject('baseUrl')}/api/products/stock.csv`, { headers: { authorization: `Bearer ${await adminToken()}` } });
    expect(res.status).toBe(200);
    const text = (await res.text()).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('sku;barcode;producto;color;talle;stock;peso_g;largo_cm;ancho_cm;alto_cm');
    const suffix = p.title.split(' ').pop() ?? '';
    const mine = lines.filter((line) => line.includes(suffix));
    expect(mine).toHaveLength(4);
    const nude = mine.find((line) => line.startsWith('HOJA-NUDE-85B;'));
    // A title starting with "=" cannot run as a formula in a spreadsheet.
    // The parcel's cells are blank while the product gives none (its category's default applies).
    expect(nude).toBe(`HOJA-NUDE-85B;;"'${p.title.replace(/"/g, '""')}";Nude;85B;4;;;;`);
  });

  it('is staff only: no token 401, a garbage token 401, a shopper 403', async () => {
    const path = `${inject('baseUrl')}/api/products/stock.csv`;
    expect((await fetch(path)).status).toBe(401);
    expect((await fetch(path, { headers: { authorization: `Bearer ${GARBAGE_TOKEN}` } })).status).toBe(401);
    expect((await fetch(path, { headers: { authorization: `Bearer ${await shopperToken()}` } })).status).toBe(403);
  });
});

describe('POST /products/stock.csv', () => {
  it('previews the changes and every refused row with its line, then applies all of them at once', async () => {
    const p = await create('Corpiño Planilla', [
      { color: 'Negro', size: '85B', stock: 1, sku: 'PLAN-N-85B' },
      { color: 'Nude', size: '85B', stock: 0, sku: 'PLAN-U-85B' },
      { color: 'Nude', size: '90C', stock: 2, sku: 'PLAN-U-90C' },
    ]);
    const token = await adminToken();
    const file = [
      'sku;barcode;producto;color;talle;stock',
      'PLAN-N-85B;;x;Negro;85B;1',
      'plan-u-85b;;x;Nude;85B;6',
      'PLAN-U-90C;;x;Nude;90C;0',
      '',
    ].join('\r\n');
    const preview = await send(file, { token });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const answer = stockSheetAnswerSchema.parse(preview.body);
    expect(answer).toMatchObject({ applied: false, rows: 3, errors: [] });
    expect(answer.changes.map((c) => [c.line, c.sku, c.color, c.size, c.from, c.to])).toEqual([
      [3, 'PLAN-U-85B', 'Nude', '85B', 0, 6],
      [4, 'PLAN-U-90C', 'Nude', '90C', 2, 0],
    ]);
    // A preview changes nothing.
    expect((await stockOf(p._id))['nude~85B']).toBe(0);
    const applied = await send(file, { token, apply: true });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.applied).toBe(true);
    expect(await stockOf(p._id)).toMatchObject({ 'negro~85B': 1, 'nude~85B': 6, 'nude~90C': 0 });
    const product = (await api(`/products/${p._id}`, { token })).body.product;
    expect(product).toMatchObject({ stockBySize: { '85B': 7, '90C': 0 }, stock: 7 });
    // The staff activity names each change (the preview before it wrote none).
    const activity = await api('/activity?limit=5', { token });
    const [latest, before] = activity.body.activity as { action: string; summary: string }[];
    expect(latest).toMatchObject({ action: 'product.stock-sheet' });
    expect(latest?.summary).toContain(`${p.title} Nude 85B: 0 → 6`);
    expect(latest?.summary).toContain(`${p.title} Nude 90C: 2 → 0`);
    expect(before?.action).not.toBe('product.stock-sheet');
  });

  it('refuses the whole file (400, nothing applied) when any row is wrong, each with a Spanish reason', async () => {
    const p = await create('Body Planilla', [{ color: 'Negro', size: '85B', stock: 3, sku: 'MAL-N-85B' }]);
    const other = await create('Otro Planilla', [{ color: 'Negro', size: '85B', stock: 1, sku: 'OTRO-N-85B' }]);
    const token = await adminToken();
    const file = ['sku;stock', 'MAL-N-85B;9', 'NO-EXISTE;1', 'MAL-N-85B;2', 'OTRO-N-85B;-1', 'OTRO-N-85B;1,5', ';4', '=CMD|1;3'].join('\n');
    const preview = await send(file, { token });
    expect(preview.status).toBe(200);
    expect(preview.body.errors).toEqual([
      { line: 3, message: STOCK_SHEET_MSG.unknownSku('NO-EXISTE') },
      { line: 4, message: STOCK_SHEET_MSG.skuTwice('MAL-N-85B', 2) },
      { line: 5, message: STOCK_SHEET_MSG.badStock('-1') },
      { line: 6, message: STOCK_SHEET_MSG.skuTwice('OTRO-N-85B', 5) },
      { line: 7, message: STOCK_SHEET_MSG.missingSku },
      { line: 8, message: STOCK_SHEET_MSG.unknownSku('=CMD|1') },
    ]);
    const applied = await send(file, { token, apply: true });
    expect(applied.status).toBe(400);
    expect(applied.body.message).toBe(STOCK_SHEET_MSG.refused(6));
    expect((await stockOf(p._id))['negro~85B']).toBe(3);
    expect((await stockOf(other._id))['negro~85B']).toBe(1);
  });

  it('reads a comma-separated UTF-8 file with BOM and a Latin-1 file alike', async () => {
    const p = await create('Conjunto Ñandú', [{ color: 'Nude', size: '90C', stock: 0, sku: 'NANDU-U-90C' }]);
    const token = await adminToken();
    const utf8 = `\uFEFFsku,barcode,producto,color,talle,stock\r\nNANDU-U-90C,,Conjunto Ñandú,Nude,90C,5\r\n`;
    expect((await send(utf8, { token, apply: true })).status).toBe(200);
    expect((await stockOf(p._id))['nude~90C']).toBe(5);
    const latin1 = Buffer.from('sku;producto;stock\r\nNANDU-U-90C;Conjunto Ñandú con ñ y tildes: áéí;8\r\n', 'latin1');
    const res = await send(latin1, { token, apply: true, type: 'application/vnd.ms-excel' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await stockOf(p._id))['nude~90C']).toBe(8);
  });

  it('refuses a file over 5 MB (413), over 20,000 rows, without the columns, or empty', async () => {
    const token = await adminToken();
    const big = await send(Buffer.alloc(6 * 1024 * 1024, 'a'), { token });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(STOCK_SHEET_MSG.tooBig);
    const rows = ['sku;stock', ...Array.from({ length: 20_001 }, (_, i) => `SKU-${i};1`)].join('\n');
    const many = await send(rows, { token });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe(STOCK_SHEET_MSG.tooManyRows);
    expect((await send('producto;talle\nx;M\n', { token })).body.message).toBe(STOCK_SHEET_MSG.noColumns);
    expect((await send('', { token })).body.message).toBe(STOCK_SHEET_MSG.empty);
  });

  it('is for products.manage only: no token 401, a garbage token 401, a shopper 403, sales staff 403', async () => {
    const p = await create('Intocable Planilla', [{ color: 'Negro', size: '85B', stock: 2, sku: 'TOCA-N-85B' }]);
    const file = 'sku;stock\nTOCA-N-85B;99\n';
    expect((await send(file, { apply: true })).status).toBe(401);
    expect((await send(file, { apply: true, token: GARBAGE_TOKEN })).status).toBe(401);
    expect((await send(file, { apply: true, token: await shopperToken() })).status).toBe(403);
    const sales = await inviteStaff(await adminToken(), 'sales');
    expect((await send(file, { apply: true, token: sales })).status).toBe(403);
    expect((await stockOf(p._id))['negro~85B']).toBe(2);
  });
});

describe('POST /products/stock.csv with the parcel columns', () => {
  it("changes each product's packed parcel from its rows, refusing measures out of range or rows that disagree", async () => {
    const made = await create('Body Paquete', [
      { color: 'Negro', size: '85B', stock: 3, sku: 'PAQ-N-85B' },
      { color: 'Negro', size: '90C', stock: 2, sku: 'PAQ-N-90C' },
    ]);
    const token = await adminToken();
    const header = 'sku;barcode;producto;color;talle;stock;peso_g;largo_cm;ancho_cm;alto_cm';
    const bad = [header, 'PAQ-N-85B;;x;Negro;85B;3;40000;;;', 'PAQ-N-90C;;x;Negro;90C;2;180;;;3', ''].join('\r\n');
    const refused = stockSheetAnswerSchema.parse((await send(bad, { token })).body);
    expect(refused.errors).toEqual([{ line: 2, message: 'peso_g "40000" no es válido: gramos enteros, de 1 a 30000, o vacío' }]);
    const differ = [header, 'PAQ-N-85B;;x;Negro;85B;3;180;;;3', 'PAQ-N-90C;;x;Negro;90C;2;200;;;3', ''].join('\r\n');
    expect(stockSheetAnswerSchema.parse((await send(differ, { token })).body).errors).toEqual([
      { line: 3, message: `Las medidas del paquete de "${made.title}" no coinciden con las de la fila 2: van iguales en todas sus filas` },
    ]);
    const good = [header, 'PAQ-N-85B;;x;Negro;85B;3;180;;;3', 'PAQ-N-90C;;x;Negro;90C;2;180;;;3', ''].join('\r\n');
    const preview = stockSheetAnswerSchema.parse((await send(good, { token })).body);
    expect(preview.changes).toEqual([]);
    expect(preview.parcels).toMatchObject([
      {
        line: 2,
        product: made.title,
        productId: made._id,
        from: { weight: null, height: null },
        to: { weight: 180, length: null, width: null, height: 3 },
      },
    ]);
    const applied = await send(good, { token, apply: true });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const id = preview.parcels![0]!.productId;
    expect((await api(`/products/${id}`, { token })).body.product.parcel).toEqual({ weight: 180, length: null, width: null, height: 3 });
    // A file without the parcel's columns leaves the parcels as they are.
    const stockOnly = ['sku;stock', 'PAQ-N-85B;4', ''].join('\r\n');
    expect((await send(stockOnly, { token, apply: true })).status).toBe(200);
    expect((await api(`/products/${id}`, { token })).body.product.parcel.weight).toBe(180);
  });
});
