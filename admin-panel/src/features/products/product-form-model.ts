import {
  MAX_STOCK,
  MSG,
  STOCK_MSG,
  formatDigits,
  imageUrlSchema,
  parseDigits,
  resolveStockBySize,
  type Category,
  type Product,
  type ProductInput,
  type StockBySize,
} from '@shop/shared';

/** What the edit step holds: numbers stay as the digits the user typed (price shown with dots). */
export interface ProductFormValues {
  title: string;
  description: string;
  price: string;
  category: string;
  /** Units per size as typed (digits), one entry per size in `size`. */
  stockBySize: Record<string, string>;
  /** The figures the form loaded (null for a new product): sent back so the server never undoes a sale. */
  loadedStockBySize: StockBySize | null;
  discount: string;
  size: string[];
  status: boolean;
  thumbnails: string[];
}

export function emptyProductForm(): ProductFormValues {
  return {
    title: '',
    description: '',
    price: '',
    category: '',
    stockBySize: {},
    loadedStockBySize: null,
    discount: '',
    size: [],
    status: true,
    thumbnails: [''],
  };
}

/** The product's per-size figures (older answers without them follow the migration rule). */
export function productStockBySize(product: Product): StockBySize {
  return product.stockBySize ? resolveStockBySize(product.size, product.stockBySize, 0) : resolveStockBySize(product.size, null, product.stock);
}

export function productToForm(product: Product): ProductFormValues {
  const loaded = productStockBySize(product);
  return {
    title: product.title,
    description: product.description,
    price: formatDigits(String(product.price)),
    category: product.category,
    stockBySize: Object.fromEntries(Object.entries(loaded).map(([size, units]) => [size, String(units)])),
    loadedStockBySize: loaded,
    discount: String(product.discount),
    size: [...product.size],
    status: product.status,
    thumbnails: product.thumbnails.length > 0 ? [...product.thumbnails] : [''],
  };
}

/** Adds or removes a size together with its stock row (a new size starts empty, i.e. 0). */
export function toggleFormSize(values: ProductFormValues, size: string): ProductFormValues {
  if (values.size.includes(size)) {
    const { [size]: _removed, ...rest } = values.stockBySize;
    return { ...values, size: values.size.filter((s) => s !== size), stockBySize: rest };
  }
  return { ...values, size: [...values.size, size], stockBySize: { ...values.stockBySize, [size]: values.stockBySize[size] ?? '' } };
}

/** The typed figures as numbers, for the form's sizes only (empty = 0). */
export function formStockBySize(values: ProductFormValues): StockBySize {
  return Object.fromEntries(values.size.map((size) => [size, parseDigits(values.stockBySize[size] ?? '')]));
}

/** After a refused stale save: the fresh figures replace the loaded ones and the typed ones. */
export function withFreshStock(values: ProductFormValues, product: Product): ProductFormValues {
  const fresh = productStockBySize(product);
  const stockBySize = { ...values.stockBySize };
  for (const [size, units] of Object.entries(fresh)) if (values.size.includes(size)) stockBySize[size] = String(units);
  return { ...values, stockBySize, loadedStockBySize: fresh };
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
  if (values.size.some((size) => parseDigits(values.stockBySize[size] ?? '') > MAX_STOCK)) errors.push(STOCK_MSG.notWhole);
  const images = values.thumbnails.map((t) => t.trim()).filter((t) => t !== '');
  if (!values.thumbnails[0]?.trim() || images.length === 0) errors.push(MSG.productForm.imageRequired);
  if (values.category.trim() && !categories.some((c) => c.name === values.category)) errors.push(MSG.productForm.categoryInvalid);
  if (images.some((url) => !imageUrlSchema.safeParse(url).success)) errors.push(MSG.productForm.imageUrlInvalid);
  return errors;
}

/** The body sent to the API: empty stock/discount become 0, empty image rows are dropped. */
export function formToInput(values: ProductFormValues): ProductInput {
  const stockBySize = formStockBySize(values);
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    price: parseDigits(values.price),
    category: values.category,
    stock: Object.values(stockBySize).reduce((total, n) => total + n, 0),
    stockBySize,
    discount: parseDigits(values.discount),
    size: values.size,
    status: values.status,
    thumbnails: values.thumbnails.map((t) => t.trim()).filter((t) => t !== ''),
  };
}
