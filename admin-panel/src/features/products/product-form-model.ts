import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import {
  MSG,
  STOCK_MSG,
  formatDigits,
  imageUrlSchema,
  parseDigits,
  productInputSchema,
  resolveStockBySize,
  stockBySizeSchema,
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
  return product.stockBySize
    ? resolveStockBySize(product.size, product.stockBySize, 0)
    : resolveStockBySize(product.size, null, product.stock);
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
export function formStockBySize(values: Pick<ProductFormValues, 'size' | 'stockBySize'>): StockBySize {
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

/**
 * The edit step's rules, taken from the shared product schema. Numbers are checked as the
 * digits the user typed; the category must be one of the shop's; the first image row is the required main image.
 */
export function productFormSchema(categories: readonly Category[]): z.ZodType<unknown, ProductFormValues> {
  const shape = productInputSchema.shape;
  return z
    .object({
      title: shape.title,
      description: shape.description,
      category: shape.category.refine((name) => name === '' || categories.some((c) => c.name === name), MSG.productForm.categoryInvalid),
      price: z.string().transform(parseDigits).pipe(shape.price),
      stockBySize: z.record(z.string(), z.string()),
      loadedStockBySize: z.record(z.string(), z.number()).nullable(),
      discount: z.string(),
      size: z
        .array(z.string())
        .transform((sizes): unknown => sizes)
        .pipe(shape.size),
      status: z.boolean(),
      thumbnails: z.array(z.string()),
    })
    .superRefine((values, ctx) => {
      const stock = stockBySizeSchema.safeParse(formStockBySize(values));
      if (!stock.success) ctx.addIssue({ code: 'custom', path: ['stockBySize'], message: STOCK_MSG.notWhole });
      if (!values.thumbnails[0]?.trim()) ctx.addIssue({ code: 'custom', path: ['thumbnails'], message: MSG.productForm.imageRequired });
      const images = values.thumbnails.map((t) => t.trim()).filter((t) => t !== '');
      if (images.some((url) => !imageUrlSchema.safeParse(url).success)) {
        ctx.addIssue({ code: 'custom', path: ['imageUrls'], message: MSG.productForm.imageUrlInvalid });
      }
    });
}

/** The order the edit step lists its errors in (anything else follows in the order found). */
const ERROR_ORDER: readonly string[] = [
  MSG.productForm.titleRequired,
  MSG.productForm.descriptionRequired,
  MSG.productForm.categoryRequired,
  MSG.productForm.pricePositive,
  MSG.productForm.sizeRequired,
  STOCK_MSG.notWhole,
  MSG.productForm.imageRequired,
  MSG.productForm.categoryInvalid,
  MSG.productForm.imageUrlInvalid,
];

/** Every distinct message once, in display order. */
export function orderProductErrors(messages: Iterable<string>): string[] {
  const rank = (m: string) => {
    const i = ERROR_ORDER.indexOf(m);
    return i === -1 ? ERROR_ORDER.length : i;
  };
  return [...new Set(messages)].sort((a, b) => rank(a) - rank(b));
}

/** The messages held in react-hook-form's (possibly nested) error tree. */
export function errorMessages(errors: FieldErrors): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'ref') continue;
      if (key === 'message' && typeof value === 'string') found.push(value);
      else walk(value);
    }
  };
  walk(errors);
  return found;
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
