// Test-only data shared by the product form's unit and page tests.
import { MSG } from '@shop/shared';
import { emptyProductForm, type ProductFormValues } from './product-form-model';

/** The errors of an empty product form, in display order (spec texts). */
export const EMPTY_FORM_ERRORS = [
  MSG.productForm.titleRequired,
  MSG.productForm.descriptionRequired,
  MSG.productForm.categoryRequired,
  MSG.productForm.pricePositive,
  MSG.productForm.sizeRequired,
  MSG.productForm.imageRequired,
];

/** A valid form (one size, one image) with these fields replaced. */
export function filledProductForm(overrides: Partial<ProductFormValues> = {}): ProductFormValues {
  return {
    ...emptyProductForm(),
    title: 'a',
    description: 'b',
    category: 'bodys',
    price: '1',
    size: ['M'],
    thumbnails: ['/uploads/x.webp'],
    ...overrides,
  };
}
