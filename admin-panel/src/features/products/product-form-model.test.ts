import { describe, expect, it } from 'vitest';
import { MSG, VARIANT_MSG } from '@shop/shared';
import { contentFixture } from '@/test/fixtures';
import {
  VARIANT_STOCK_MSG,
  emptyProductForm,
  formToInput,
  orderProductErrors,
  productFormSchema,
  productToForm,
  toggleFormSize,
  withShape,
  type ProductFormValues,
} from './product-form-model';
import { productFixture } from '@/test/fixtures';
import { EMPTY_FORM_ERRORS, filledProductForm } from './test-data';

const categories = contentFixture().productCatalog.categories;

/** The edit step's error list for these values. */
function validateProductForm(values: ProductFormValues, known = categories): string[] {
  const result = productFormSchema(known).safeParse(values);
  return orderProductErrors(result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('product form rules (productFormSchema)', () => {
  it('collects every error of an empty form, with the spec texts, in order', () => {
    expect(validateProductForm(emptyProductForm(), categories)).toEqual(EMPTY_FORM_ERRORS);
  });

  it('rejects an unknown category and invalid image URLs together', () => {
    const values = filledProductForm({
      title: 'Body',
      description: 'Body de encaje',
      category: 'zapatos',
      price: '12.500',
      thumbnails: ['/uploads/body.webp', 'no es una url'],
    });
    expect(validateProductForm(values, categories)).toEqual([MSG.productForm.categoryInvalid, MSG.productForm.imageUrlInvalid]);
  });

  it('requires the first image row even when a later row is filled', () => {
    const values = filledProductForm({ thumbnails: ['', '/uploads/x.webp'] });
    expect(validateProductForm(values, categories)).toEqual([MSG.productForm.imageRequired]);
  });
});

describe('product form rules: the grid', () => {
  const cell = (fields: Partial<{ stock: string; sku: string; barcode: string; active: boolean }>) => ({
    stock: '',
    sku: '',
    barcode: '',
    active: true,
    ...fields,
  });

  it('refuses more than 1.000.000 units in a cell, naming it', () => {
    const values = filledProductForm();
    values.grid = { 'negro~M': cell({ stock: '1000001' }), 'blanco~M': cell({}) };
    expect(validateProductForm(values)).toEqual([`Negro M: ${VARIANT_STOCK_MSG}`]);
    values.grid['negro~M'] = cell({ stock: '1000000' });
    expect(validateProductForm(values)).toEqual([]);
  });

  it('checks the SKU pattern, the barcode check digit and repeated SKUs or barcodes', () => {
    const values = filledProductForm();
    values.grid = { 'negro~M': cell({ sku: 'MAL SKU', barcode: '7790000000001' }), 'blanco~M': cell({}) };
    expect(validateProductForm(values)).toEqual([`Negro M: ${VARIANT_MSG.badSku}`, `Negro M: ${VARIANT_MSG.badBarcode}`]);
    values.grid = { 'negro~M': cell({ sku: 'X-1', barcode: '7791234567898' }), 'blanco~M': cell({ sku: 'x-1', barcode: '7791234567898' }) };
    expect(validateProductForm(values)).toEqual([
      `Blanco M: ${VARIANT_MSG.skuTwice('X-1')}`,
      `Blanco M: ${VARIANT_MSG.barcodeTwice('7791234567898')}`,
    ]);
  });
});

describe('the grid follows the colours and sizes', () => {
  it('keeps the typed cells, adds new ones at 0 and drops removed ones', () => {
    let values = filledProductForm();
    values.grid = {
      'negro~M': { stock: '3', sku: '', barcode: '', active: true },
      'blanco~M': { stock: '1', sku: '', barcode: '', active: true },
    };
    values = toggleFormSize(values, 'L');
    expect(Object.keys(values.grid)).toEqual(['negro~M', 'negro~L', 'blanco~M', 'blanco~L']);
    expect(values.grid['negro~M']?.stock).toBe('3');
    expect(values.grid['negro~L']?.stock).toBe('');
    values = withShape(values, { colors: [{ name: 'Blanco', value: '#fff' }] });
    expect(Object.keys(values.grid)).toEqual(['blanco~M', 'blanco~L']);
    expect(formToInput(values)).toMatchObject({ stock: 1, stockBySize: { M: 1, L: 0 } });
  });

  it('loads a product from before variants with its units on the first colour', () => {
    const values = productToForm(
      productFixture({
        colors: [
          { name: 'Negro', value: '#000' },
          { name: 'Rojo', value: '#f00' },
        ],
        stockBySize: { '85': 2, '90': 1 },
      }),
    );
    expect(values.grid['negro~85']?.stock).toBe('2');
    expect(values.grid['rojo~85']?.stock).toBe('0');
    expect(values.loadedVariants).toEqual({ 'negro~85': 2, 'negro~90': 1, 'rojo~85': 0, 'rojo~90': 0 });
  });
});

describe('formToInput', () => {
  it('turns dotted digits into pesos, empty stock and discount into 0 and drops empty image rows', () => {
    const input = formToInput({
      ...emptyProductForm(),
      title: '  Conjunto Lila ',
      description: 'Encaje',
      category: 'conjuntos',
      price: '1.234.567',
      size: ['85', 'M'],
      thumbnails: ['/uploads/a.webp', '  ', 'https://cdn.example.com/b.webp'],
      photoColors: ['', '', 'Blanco'],
    });
    expect(input).toMatchObject({
      title: 'Conjunto Lila',
      price: 1234567,
      stock: 0,
      stockBySize: { '85': 0, M: 0 },
      discount: 0,
      thumbnails: ['/uploads/a.webp', 'https://cdn.example.com/b.webp'],
      photoColors: { 'https://cdn.example.com/b.webp': 'Blanco' },
    });
    expect(input.variants).toHaveLength(4);
  });
});
