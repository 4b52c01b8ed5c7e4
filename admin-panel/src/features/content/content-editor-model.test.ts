import { describe, expect, it } from 'vitest';
import { defaultSiteContent } from '@shop/shared';
import { zoneFixture } from '@/test/fixtures';
import { contentToSave, newItems, toAmount, withHeaders, withoutColumn } from './content-editor-model';

describe('size-guide editing', () => {
  const guide = {
    ...newItems.sizeGuide(),
    tableHeaders: ['Talle', 'Busto', 'Contorno'],
    tableRows: [
      { size: '85', measurements: ['85-90', '70-75'] },
      { size: '90', measurements: ['90-95'] },
    ],
  };

  it('trims extra measurements when a header is removed', () => {
    const next = withHeaders(guide, ['Talle', 'Busto']);
    expect(next.tableRows).toEqual([
      { size: '85', measurements: ['85-90'] },
      { size: '90', measurements: ['90-95'] },
    ]);
  });

  it('pads missing measurements with empty strings when a header is added', () => {
    const next = withHeaders(guide, ['Talle', 'Busto', 'Contorno', 'Cadera']);
    expect(next.tableRows.map((r) => r.measurements)).toEqual([
      ['85-90', '70-75', ''],
      ['90-95', '', ''],
    ]);
  });

  it('creates new guides and rows with the spec defaults', () => {
    expect(newItems.sizeGuide()).toMatchObject({
      enabled: true,
      title: 'Nueva Guía de Tallas',
      subtitle: 'Encuentra tu talla perfecta',
      tableHeaders: ['Talla', 'Medida 1', 'Medida 2'],
      tableRows: [],
    });
    expect(newItems.sizeRow(newItems.sizeGuide())).toEqual({ size: '', measurements: ['', ''] });
  });
});

describe('content numerics', () => {
  it('keeps whole non-negative numbers and turns anything else into 0', () => {
    expect(toAmount('2500')).toBe(2500);
    expect(toAmount('-10')).toBe(0);
    expect(toAmount('abc')).toBe(0);
    expect(toAmount('')).toBe(0);
  });
});

describe('removing a measurement column', () => {
  it('drops that column and its values and keeps headers minus one', () => {
    const guide = {
      ...newItems.sizeGuide(),
      tableHeaders: ['Talle', 'Busto', 'Contorno', 'Cadera'],
      tableRows: [{ size: '85', measurements: ['85-90', '70-75', '90'] }],
    };
    const next = withoutColumn(guide, 2);
    expect(next.tableHeaders).toEqual(['Talle', 'Busto', 'Cadera']);
    expect(next.tableRows).toEqual([{ size: '85', measurements: ['85-90', '90'] }]);
    expect(withoutColumn(guide, 0)).toBe(guide);
  });
});

describe('contentToSave: values the server could not read', () => {
  const loaded = () => {
    const content = defaultSiteContent();
    content.checkout.shipping.homeDelivery.zones = [zoneFixture('oeste', 'Oeste', 3500, { barrios: ['Oeste'], estimatedDays: '1 día' })];
    return content;
  };
  const problems = [
    { path: 'checkout.maxUnitsPerProduct', message: 'Debe ser al menos 1' },
    { path: 'checkout.shipping.homeDelivery.zones.0', message: 'El costo no puede ser negativo' },
  ];

  it('leaves them (a list as a whole) out of the save while the form still shows their defaults', () => {
    const draft = loaded();
    draft.hero.slogan = 'Nuevo';
    const body = contentToSave(draft, loaded(), problems, false) as { hero: { slogan: string }; checkout: Record<string, unknown> };
    expect(body.hero.slogan).toBe('Nuevo');
    expect(body.checkout).not.toHaveProperty('maxUnitsPerProduct');
    expect(body.checkout.shipping).toMatchObject({ homeDelivery: expect.not.objectContaining({ zones: expect.anything() }) });
  });

  it('sends what the staff changed there, and everything when asked to replace them', () => {
    const draft = loaded();
    draft.checkout.maxUnitsPerProduct = 6;
    const body = contentToSave(draft, loaded(), problems, false) as { checkout: { maxUnitsPerProduct: number } };
    expect(body.checkout.maxUnitsPerProduct).toBe(6);
    expect(contentToSave(loaded(), loaded(), problems, true)).toEqual(loaded());
  });
});
