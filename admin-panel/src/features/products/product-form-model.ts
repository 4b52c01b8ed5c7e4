import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import {
  DEFAULT_COLORS,
  MSG,
  colorKey,
  formatDigits,
  imageUrlSchema,
  parseDigits,
  productInputSchema,
  variantsOf,
  type Category,
  type Product,
  type ProductInput,
  type VariantInput,
} from '@shop/shared';

export {
  emptyCell,
  fillGrid,
  gridAxes,
  gridCells,
  gridKey,
  gridProblems,
  gridTotals,
  effectiveSku,
  problemText,
  reshapeGrid,
  VARIANT_STOCK_MSG,
  type CellField,
  type CellProblem,
  type GridCell,
} from './variant-grid-model';
import { gridCells, gridKey, gridProblems, gridTotals, problemText, reshapeGrid } from './variant-grid-model';
import { EMPTY_PARCEL_VALUES, parcelInputOf, parcelValuesOf, parcelValuesSchema, type ParcelValues } from './product-parcel';

/** One colour × size cell of the grid as typed: units as digits, SKU and barcode as text, and whether it is sold. */
export interface VariantCell {
  stock: string;
  sku: string;
  barcode: string;
  active: boolean;
}

export interface FormColor {
  name: string;
  value: string;
}

/** What the edit step holds: numbers stay as the digits the user typed (price shown with dots). */
export interface ProductFormValues {
  title: string;
  description: string;
  price: string;
  category: string;
  /** The product's colours (rows of the grid); none = one row. */
  colors: FormColor[];
  /** The colour × size cells, keyed by gridKey(colour, size): exactly the cells of `colors` × `size`. */
  grid: Record<string, VariantCell>;
  /** Units per variant id as the form loaded them (null for a new product): sent back so the server never undoes a sale. */
  loadedVariants: Record<string, number> | null;
  discount: string;
  size: string[];
  status: boolean;
  thumbnails: string[];
  /** The colour each image row shows ('' = every colour), one entry per row of `thumbnails`. */
  photoColors: string[];
  /** The packed parcel (blank measures: the category's default). */
  parcel: ParcelValues;
}

export function emptyProductForm(): ProductFormValues {
  const colors = DEFAULT_COLORS.map((color) => ({ ...color }));
  return {
    title: '',
    description: '',
    price: '',
    category: '',
    colors,
    grid: reshapeGrid({ colors, size: [], grid: {} }),
    loadedVariants: null,
    discount: '',
    size: [],
    status: true,
    thumbnails: [''],
    photoColors: [''],
    parcel: { ...EMPTY_PARCEL_VALUES },
  };
}

/** The colour of the list a name stands for (any case or accent), or '' when the list has none such. */
function listedColor(colors: readonly FormColor[], name: string | undefined): string {
  if (!name) return '';
  return colors.find((color) => colorKey(color.name) === colorKey(name))?.name ?? '';
}

export function productToForm(product: Product): ProductFormValues {
  const variants = variantsOf(product);
  const colors = product.colors.map((color) => ({ name: color.name, value: color.value }));
  const grid: Record<string, VariantCell> = {};
  for (const variant of variants) {
    grid[gridKey(variant.color, variant.size)] = {
      stock: String(variant.stock),
      sku: variant.sku,
      barcode: variant.barcode ?? '',
      active: variant.active,
    };
  }
  const thumbnails = product.thumbnails.length > 0 ? [...product.thumbnails] : [''];
  const size = [...product.size];
  return {
    title: product.title,
    description: product.description,
    price: formatDigits(String(product.price)),
    category: product.category,
    colors,
    grid: reshapeGrid({ colors, size, grid }),
    loadedVariants: Object.fromEntries(variants.map((variant) => [variant.id, variant.stock])),
    discount: String(product.discount),
    size,
    status: product.status,
    thumbnails,
    photoColors: thumbnails.map((url) => listedColor(colors, product.photoColors?.[url])),
    parcel: parcelValuesOf(product),
  };
}

/** Adds or removes a size together with its column of cells (a new size starts empty, i.e. 0). */
export function toggleFormSize(values: ProductFormValues, size: string): ProductFormValues {
  const sizes = values.size.includes(size) ? values.size.filter((s) => s !== size) : [...values.size, size];
  return withShape(values, { size: sizes });
}

/** New colours or sizes: the grid follows (kept cells keep their figures) and photos of a removed colour show every colour. */
export function withShape(values: ProductFormValues, change: Partial<Pick<ProductFormValues, 'colors' | 'size'>>): ProductFormValues {
  const next = { ...values, ...change };
  return {
    ...next,
    grid: reshapeGrid(next),
    photoColors: next.photoColors.map((name) => listedColor(next.colors, name)),
  };
}

/** After a refused stale save: the fresh figures replace the loaded ones and the typed ones. */
export function withFreshStock(values: ProductFormValues, product: Product): ProductFormValues {
  const fresh = variantsOf(product);
  const grid = { ...values.grid };
  for (const variant of fresh) {
    const key = gridKey(variant.color, variant.size);
    const cell = grid[key];
    if (cell) grid[key] = { ...cell, stock: String(variant.stock) };
  }
  return { ...values, grid, loadedVariants: Object.fromEntries(fresh.map((variant) => [variant.id, variant.stock])) };
}

/**
 * After an "Ajuste de stock" (or any move outside the form): the cells the editor has not touched take the fresh
 * units, and their loaded figures with them; a cell she changed keeps her figure and its loaded one, so that saving it
 * still refuses a stale figure (409) rather than undoing the adjustment.
 */
export function withMovedStock(values: ProductFormValues, product: Product): ProductFormValues {
  const grid = { ...values.grid };
  const loaded = { ...(values.loadedVariants ?? {}) };
  for (const variant of variantsOf(product)) {
    const key = gridKey(variant.color, variant.size);
    const cell = grid[key];
    const before = loaded[variant.id];
    if (!cell || before === undefined || cell.stock !== String(before)) continue;
    grid[key] = { ...cell, stock: String(variant.stock) };
    loaded[variant.id] = variant.stock;
  }
  return { ...values, grid, loadedVariants: loaded };
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
      colors: z.array(z.object({ name: z.string(), value: z.string() })).max(20, 'Máximo 20 colores por producto'),
      grid: z.record(z.string(), z.object({ stock: z.string(), sku: z.string(), barcode: z.string(), active: z.boolean() })),
      loadedVariants: z.record(z.string(), z.number()).nullable(),
      discount: z.string(),
      size: z
        .array(z.string())
        .transform((sizes): unknown => sizes)
        .pipe(shape.size),
      status: z.boolean(),
      thumbnails: z.array(z.string()),
      photoColors: z.array(z.string()),
      parcel: parcelValuesSchema,
    })
    .superRefine((values, ctx) => {
      // One issue per path is kept by the resolver: each cell's problem gets its own.
      gridProblems(values).forEach((problem, index) =>
        ctx.addIssue({ code: 'custom', path: ['variantErrors', index], message: problemText(problem) }),
      );
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

/** The body sent to the API: empty stock/discount become 0, empty image rows are dropped; the whole grid goes as `variants`. */
export function formToInput(values: ProductFormValues): ProductInput {
  const cells = gridCells(values);
  const variants: VariantInput[] = cells.map(({ color, size, cell }) => {
    const sku = cell.sku.trim().toUpperCase();
    const barcode = cell.barcode.trim();
    return { color, size, stock: parseDigits(cell.stock), ...(sku ? { sku } : {}), ...(barcode ? { barcode } : {}), active: cell.active };
  });
  const { bySize, total } = gridTotals(values);
  const photoColors: Record<string, string> = {};
  values.thumbnails.forEach((url, index) => {
    const color = listedColor(values.colors, values.photoColors[index]);
    if (url.trim() && color) photoColors[url.trim()] = color;
  });
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    price: parseDigits(values.price),
    category: values.category,
    stock: total,
    stockBySize: bySize,
    discount: parseDigits(values.discount),
    size: values.size,
    status: values.status,
    thumbnails: values.thumbnails.map((t) => t.trim()).filter((t) => t !== ''),
    colors: values.colors.map((color) => ({ name: color.name.trim(), value: color.value })),
    variants,
    photoColors,
    parcel: parcelInputOf(values.parcel),
  };
}
