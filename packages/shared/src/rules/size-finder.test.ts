import { describe, expect, it } from 'vitest';
import { DEMO_SIZE_GUIDES } from '../content/demo-size-guides.js';
import type { SizeGuideLike } from './size-guides.js';
import { findSize, sisterSizes } from './size-finder.js';
import { measureKey, parseMeasure, parseShopperMeasure, readSizeGuide, unreadableCells } from './size-measure.js';

/** The demo store's guides (the CMS seeds a fresh shop with them), by category. */
const byCategory = (category: string) => {
  const found = DEMO_SIZE_GUIDES.find((g) => g.category === category);
  if (!found) throw new Error(`no demo guide ${category}`);
  return found;
};
const DEMO = {
  corpinos: byCategory('corpinos'),
  bombachas: byCategory('bombachas'),
  bombis: byCategory('bombis'),
  bodys: byCategory('bodys'),
  pijamas: byCategory('pijamas'),
};

/** The measurements at one point of each range of a row: 0 its minimum, 0.5 its middle, 1 its maximum. */
function measurementsOf(g: SizeGuideLike, row: number, at: number): Record<string, number> {
  const read = readSizeGuide(g);
  const measurements: Record<string, number> = {};
  read.columns.forEach((c, i) => {
    const range = read.rows[row]?.ranges[i];
    if (!range) throw new Error('demo guide cell');
    measurements[c.key] = range.min + (range.max - range.min) * at;
  });
  return measurements;
}

describe('parseMeasure', () => {
  it('reads ranges in every written form, with or without cm, decimals with comma or dot', () => {
    for (const text of [
      '68-72',
      '68 - 72',
      '68 a 72',
      '68/72',
      '68 – 72',
      '68 — 72',
      '68 al 72',
      '68-72 cm',
      '68 cm - 72 cm',
      '68cm a 72cm',
      ' 72 - 68 ',
    ]) {
      expect(parseMeasure(text), text).toEqual({ min: 68, max: 72 });
    }
    expect(parseMeasure('72,5 - 76.5')).toEqual({ min: 72.5, max: 76.5 });
    expect(parseMeasure('85')).toEqual({ min: 85, max: 85 });
    expect(parseMeasure('85 cm')).toEqual({ min: 85, max: 85 });
    for (const text of ['', 'B', 'consultar', '68-', '-72', 'a 72', '68 - 72 - 76', 'M']) expect(parseMeasure(text), text).toBeNull();
  });
  it('reads what the shopper types as one number', () => {
    expect(parseShopperMeasure('72,5')).toBe(72.5);
    expect(parseShopperMeasure(' 75 cm ')).toBe(75);
    expect(parseShopperMeasure('70-75')).toBeNull();
    expect(parseShopperMeasure('0')).toBeNull();
    expect(parseShopperMeasure('setenta')).toBeNull();
  });
});

describe('readSizeGuide', () => {
  it('finds the measure columns and the size column; cups join the band', () => {
    const bras = readSizeGuide(DEMO.corpinos);
    expect(bras.sizeHeader).toBe('Talle');
    expect(bras.columns.map((c) => c.label)).toEqual(['Contorno bajo busto', 'Contorno de busto']);
    expect(bras.rows.map((r) => r.size)).toEqual(['85B', '90B', '95C', '100C', '105D']);
    expect(bras.hasCup).toBe(true);
    // 'Equivale a' (1, 2, 3) and a garment's length are not the shopper's measurements.
    expect(readSizeGuide(DEMO.bombis).columns.map((c) => c.key)).toEqual(['cintura', 'cadera']);
    expect(readSizeGuide(DEMO.pijamas).columns.map((c) => c.key)).toEqual(['busto', 'cadera']);
    expect(measureKey('Cintura (cm)')).toBe(measureKey('cintura'));
  });
});

describe('findSize', () => {
  for (const [name, g] of Object.entries(DEMO)) {
    it(`finds every row of the demo ${name} guide from the middle of its ranges`, () => {
      const sizes = readSizeGuide(g).rows.map((r) => r.size);
      sizes.forEach((size, row) => {
        expect(findSize(g, measurementsOf(g, row, 0.5))).toMatchObject({ kind: 'size', size, message: `Tu talle es ${size}.` });
      });
    });
    it(`in the ${name} guide: a size's minimum is that size, its maximum is on the edge with the next one`, () => {
      const sizes = readSizeGuide(g).rows.map((r) => r.size);
      sizes.forEach((size, row) => {
        expect(findSize(g, measurementsOf(g, row, 0))).toMatchObject({ kind: 'size', size });
        const next = sizes[row + 1];
        const top = findSize(g, measurementsOf(g, row, 1));
        if (next) expect(top).toMatchObject({ kind: 'between', smaller: size, larger: next, recommended: next, reason: 'edge' });
        else expect(top).toMatchObject({ kind: 'size', size });
      });
    });
  }

  const bra = (underbust: number, bust: number) => ({ 'contorno bajo busto': underbust, 'contorno de busto': bust });

  it('says plainly why the larger size on an edge: the band', () => {
    const answer = findSize(DEMO.corpinos, bra(72, 88));
    expect(answer.message).toBe(
      'Tu contorno bajo busto (72 cm) está justo en el límite entre 85B y 90B. Te recomendamos 90B: 90B te deja la banda un poco más holgada y suele ser más cómodo.',
    );
    expect(findSize(DEMO.bombachas, { cintura: 71, cadera: 97 })).toMatchObject({
      kind: 'between',
      recommended: 'L',
      message: 'Tu cintura (71 cm) está justo en el límite entre M y L. Te recomendamos L: L suele quedar más cómodo.',
    });
  });

  it('a measurement in a gap of the guide is between two sizes; the other measurement may settle it', () => {
    expect(findSize(DEMO.bombachas, { cintura: 71, cadera: 95 })).toMatchObject({ kind: 'size', size: 'M' });
    expect(findSize(DEMO.corpinos, bra(72.5, 89))).toMatchObject({ kind: 'size', size: '90B' });
    expect(findSize(DEMO.corpinos, bra(72.5, 88.5))).toMatchObject({
      kind: 'between',
      smaller: '85B',
      larger: '90B',
      reason: 'gap',
      message: expect.stringContaining('Tu contorno bajo busto (72,5 cm) queda entre 85B y 90B.'),
    });
  });

  it('measurements that point to different sizes: both named, the larger recommended', () => {
    expect(findSize(DEMO.corpinos, bra(75, 100))).toMatchObject({
      kind: 'between',
      smaller: '90B',
      larger: '100C',
      recommended: '100C',
      reason: 'mixed',
      message: expect.stringContaining(
        'Tus medidas apuntan a talles distintos (90B por tu contorno bajo busto, 100C por tu contorno de busto).',
      ),
    });
  });

  it('below the smallest or above the largest size: outside the guide, no guess', () => {
    expect(findSize(DEMO.corpinos, bra(65, 86))).toEqual({
      kind: 'outside',
      direction: 'below',
      message:
        'Tu contorno bajo busto (65 cm) es menor que la medida del talle más chico de la guía (85B: 68 a 72 cm). No queremos adivinar: escribinos y te ayudamos a elegir.',
    });
    expect(findSize(DEMO.bombachas, { cintura: 80, cadera: 114.5 })).toMatchObject({
      kind: 'outside',
      direction: 'above',
      message: expect.stringContaining('Tu cadera (114,5 cm) es mayor que la medida del talle más grande de la guía (XXL: 109 a 114 cm).'),
    });
  });

  it('uses only the measurements given and asks for them when none is', () => {
    expect(findSize(DEMO.bombachas, { cadera: 99 })).toMatchObject({ kind: 'size', size: 'L' });
    expect(findSize(DEMO.bombachas, { busto: 99 })).toMatchObject({ kind: 'incomplete' });
  });

  it('lists the sister sizes the guide or the product has', () => {
    expect(sisterSizes('85B', ['85B', '90A', '80C', '95C'])).toEqual(['90A', '80C']);
    expect(sisterSizes('90B', ['85B', '90B'])).toEqual([]);
    expect(sisterSizes('85A', ['90', '80B', 'A'])).toEqual(['80B']);
    expect(sisterSizes('M', ['M', 'L'])).toEqual([]);
    expect(findSize(DEMO.corpinos, bra(75, 91), { available: ['95A', '85C', '90B'] })).toMatchObject({
      size: '90B',
      sisters: ['95A', '85C'],
    });
  });

  it("moves the answer one size with the product's fit", () => {
    const m = bra(75, 91);
    expect(findSize(DEMO.corpinos, m, { fit: { direction: 'true' } })).toMatchObject({ size: '90B', message: 'Tu talle es 90B.' });
    expect(findSize(DEMO.corpinos, m, { fit: { direction: 'small', basedOn: 6 } })).toMatchObject({
      kind: 'size',
      size: '95C',
      message: 'Tu talle en este modelo es 95C. Este modelo calza chico: en otros sería 90B.',
    });
    expect(findSize(DEMO.corpinos, m, { fit: { direction: 'large' } })).toMatchObject({ size: '85B' });
    expect(findSize(DEMO.corpinos, bra(90, 106), { fit: { direction: 'small' } })).toMatchObject({
      size: '105D',
      message: expect.stringContaining('no hay un talle más grande'),
    });
    expect(findSize(DEMO.corpinos, bra(72, 88), { fit: { direction: 'large' } })).toMatchObject({ kind: 'between', recommended: '85B' });
  });

  it('says what a moved answer rests on, each source with its count', () => {
    const sources = { exchanges: { up: 3, down: 1 }, reviews: { small: 12, true: 2, large: 0 } };
    expect(findSize(DEMO.corpinos, bra(75, 91), { fit: { direction: 'small', basedOn: 18, sources } })).toMatchObject({
      size: '95C',
      message:
        'Tu talle en este modelo es 95C. Este modelo calza chico: en otros sería 90B. ' +
        'Nos basamos en 12 compradoras que dicen que calza chico y 3 cambios por talle.',
    });
    const large = { exchanges: { up: 0, down: 2 }, reviews: { small: 0, true: 0, large: 0 } };
    expect(findSize(DEMO.corpinos, bra(72, 88), { fit: { direction: 'large', sources: large } })).toMatchObject({
      recommended: '85B',
      message: expect.stringMatching(/elegí 85B\. Nos basamos en 2 cambios por talle\.$/),
    });
  });
});

/** A guide of a table of rows (the size, then its measurements). */
function guide(tableHeaders: string[], rows: string[][]) {
  return { tableHeaders, tableRows: rows.map(([size = '', ...measurements]) => ({ size, measurements })) };
}

describe('unreadableCells', () => {
  it('lists the measurement cells the finder cannot read, for the editor', () => {
    const g = guide(
      ['Talle', 'Contorno (cm)', 'Busto', 'Copa'],
      [
        ['S', '70-75', '84 a 88', 'B'],
        ['M', 'consultar', '89/93', 'C'],
        ['L', '', '94-98', 'C'],
        ['XL', '86-90', 'XL', 'D'],
      ],
    );
    expect(unreadableCells(g)).toEqual([
      { row: 2, header: 'Contorno', text: 'consultar' },
      { row: 3, header: 'Contorno', text: '' },
      { row: 4, header: 'Busto', text: 'XL' },
    ]);
    for (const demo of Object.values(DEMO)) expect(unreadableCells(demo)).toEqual([]);
  });
});
