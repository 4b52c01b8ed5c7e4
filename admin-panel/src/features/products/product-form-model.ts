import { MSG, formatDigits, imageUrlSchema, parseDigits, type Category, type Product, type ProductInput } from '@shop/shared';

/** What the edit step holds: numbers stay as the digits the user typed (price shown with dots). */
export interface ProductFormValues {
  title: string;
  description: string;
  price: string;
  category: string;
  stock: string;
  discount: string;
  size: string[];
  status: boolean;
  thumbnails: string[];
}

export function emptyProductForm(): ProductFormValues {
  return { title: '', description: '', price: '', category: '', stock: '', discount: '', size: [], status: true, thumbnails: [''] };
}

export function productToForm(product: Product): ProductFormValues {
  return {
    title: product.title,
    description: product.description,
    price: formatDigits(String(product.price)),
    category: product.category,
    stock: String(product.stock),
    discount: String(product.discount),
    size: [...product.size],
    status: product.status,
    thumbnails: product.thumbnails.length > 0 ? [...product.thumbnails] : [''],
  };
}

/** Digits-only fields: stock and discount keep only digits (no dots). */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** Every rule of spec §5 "Product form", all errors collected in display order. */
export function validateProductForm(values: ProductFormValues, categories: readonly Category[]): string[] {
  const errors: string[] = [];
  if (!values.title.trim()) errors.push(MSG.productForm.titleRequired);
  if (!values.description.trim()) errors.push(MSG.productForm.descriptionRequired);
  if (!values.category.trim()) errors.push(MSG.productForm.categoryRequired);
  if (parseDigits(values.price) <= 0) errors.push(MSG.productForm.pricePositive);
  if (values.size.length === 0) errors.push(MSG.productForm.sizeRequired);
  const images = values.thumbnails.map((t) => t.trim()).filter((t) => t !== '');
  if (!values.thumbnails[0]?.trim() || images.length === 0) errors.push(MSG.productForm.imageRequired);
  if (values.category.trim() && !categories.some((c) => c.name === values.category)) errors.push(MSG.productForm.categoryInvalid);
  if (images.some((url) => !imageUrlSchema.safeParse(url).success)) errors.push(MSG.productForm.imageUrlInvalid);
  return errors;
}

/** The body sent to the API: empty stock/discount become 0, empty image rows are dropped. */
export function formToInput(values: ProductFormValues): ProductInput {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    price: parseDigits(values.price),
    category: values.category,
    stock: parseDigits(values.stock),
    discount: parseDigits(values.discount),
    size: values.size,
    status: values.status,
    thumbnails: values.thumbnails.map((t) => t.trim()).filter((t) => t !== ''),
  };
}
