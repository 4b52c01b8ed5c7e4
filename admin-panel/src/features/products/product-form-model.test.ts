import { describe, expect, it } from 'vitest';
import { MSG } from '@shop/shared';
import { contentFixture } from '@/test/fixtures';
import { emptyProductForm, formToInput, validateProductForm } from './product-form-model';

const categories = contentFixture().productCatalog.categories;

describe('validateProductForm', () => {
  it('collects every error of an empty form, with the spec texts, in order', () => {
    expect(validateProductForm(emptyProductForm(), categories)).toEqual([
      MSG.productForm.titleRequired,
      MSG.productForm.descriptionRequired,
      MSG.productForm.categoryRequired,
      MSG.productForm.pricePositive,
      MSG.productForm.sizeRequired,
      MSG.productForm.imageRequired,
    ]);
  });

  it('rejects an unknown category and invalid image URLs together', () => {
    const values = {
      ...emptyProductForm(),
      title: 'Body',
      description: 'Body de encaje',
      category: 'zapatos',
      price: '12.500',
      size: ['M'],
      thumbnails: ['/uploads/body.webp', 'no es una url'],
    };
    expect(validateProductForm(values, categories)).toEqual([MSG.productForm.categoryInvalid, MSG.productForm.imageUrlInvalid]);
  });

  it('requires the first image row even when a later row is filled', () => {
    const values = {
      ...emptyProductForm(),
      title: 'a',
      description: 'b',
      category: 'bodys',
      price: '1',
      size: ['M'],
      thumbnails: ['', '/uploads/x.webp'],
    };
    expect(validateProductForm(values, categories)).toEqual([MSG.productForm.imageRequired]);
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
