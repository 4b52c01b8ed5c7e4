import { describe, expect, it } from 'vitest';
import { MSG, STOCK_MSG } from '@shop/shared';
import { contentFixture } from '@/test/fixtures';
import { emptyProductForm, formToInput, orderProductErrors, productFormSchema, type ProductFormValues } from './product-form-model';
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

describe('product form rules: stock', () => {
  it('refuses more than 1.000.000 units in a size', () => {
    const values = filledProductForm({ stockBySize: { M: '1000001' } });
    expect(validateProductForm(values)).toEqual([STOCK_MSG.notWhole]);
    expect(validateProductForm({ ...values, stockBySize: { M: '1000000' } })).toEqual([]);
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
    });
    expect(input).toMatchObject({
      title: 'Conjunto Lila',
      price: 1234567,
      stock: 0,
      stockBySize: { '85': 0, M: 0 },
      discount: 0,
      thumbnails: ['/uploads/a.webp', 'https://cdn.example.com/b.webp'],
    });
  });
});
