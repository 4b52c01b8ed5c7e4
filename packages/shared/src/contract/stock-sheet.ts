import { z } from 'zod';

/**
 * Stock by spreadsheet (docs/api.md "Stock by spreadsheet"): GET /products/stock.csv lists every variant; POST takes
 * the same columns back, previewed without `?apply=1` and applied all or nothing with it.
 */
export const STOCK_SHEET_HEADER = [
  'sku',
  'barcode',
  'producto',
  'color',
  'talle',
  'stock',
  'peso_g',
  'largo_cm',
  'ancho_cm',
  'alto_cm',
] as const;
/**
 * The product's packed parcel, repeated on each of its variants' rows (blank: its category's default). A file without
 * these columns changes no parcel.
 */
export const STOCK_SHEET_PARCEL_COLUMNS = ['peso_g', 'largo_cm', 'ancho_cm', 'alto_cm'] as const;
export const STOCK_SHEET_MAX_BYTES = 5 * 1024 * 1024;
export const STOCK_SHEET_MAX_ROWS = 20_000;

export const STOCK_SHEET_MSG = {
  tooBig: 'La planilla supera 5 MB: dividila en partes más chicas',
  tooManyRows: `La planilla tiene más de ${STOCK_SHEET_MAX_ROWS.toLocaleString('es-AR')} filas: dividila en partes más chicas`,
  empty: 'La planilla está vacía',
  noColumns: 'La planilla debe tener las columnas sku y stock (como la que descargás con "Descargar planilla")',
  unreadable: 'No pudimos leer la planilla: guardala como CSV (separado por ; o ,) y volvé a subirla',
  missingSku: 'Falta el SKU',
  unknownSku: (sku: string) => `No hay ninguna variante con SKU ${sku}`,
  skuTwice: (sku: string, first: number) => `El SKU ${sku} ya aparece en la fila ${first}`,
  badStock: (value: string) => `El stock "${value}" no es un número entero mayor o igual a 0`,
  badParcel: (column: string, value: string) =>
    `${column} "${value}" no es válido: ${column === 'peso_g' ? 'gramos enteros, de 1 a 30000' : 'centímetros enteros, de 1 a 150'}, o vacío`,
  parcelDiffers: (product: string, line: number) =>
    `Las medidas del paquete de "${product}" no coinciden con las de la fila ${line}: van iguales en todas sus filas`,
  refused: (count: number) =>
    `La planilla tiene ${count} ${count === 1 ? 'fila con error' : 'filas con errores'}: no se aplicó ningún cambio`,
} as const;

export const stockSheetChangeSchema = z.object({
  line: z.number(),
  sku: z.string(),
  product: z.string(),
  productId: z.string(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  from: z.number(),
  to: z.number(),
});
export type StockSheetChange = z.infer<typeof stockSheetChangeSchema>;

const sheetParcelSchema = z.object({
  weight: z.number().nullable(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});

/** A product whose packed parcel the file changes (blank measures: its category's default). */
export const stockSheetParcelChangeSchema = z.object({
  line: z.number(),
  product: z.string(),
  productId: z.string(),
  from: sheetParcelSchema,
  to: sheetParcelSchema,
});
export type StockSheetParcelChange = z.infer<typeof stockSheetParcelChangeSchema>;

export const stockSheetErrorSchema = z.object({ line: z.number(), message: z.string() });
export type StockSheetError = z.infer<typeof stockSheetErrorSchema>;

/** 200 to a preview or an applied file; a refused apply answers 400 with `error` and the same lists. */
export const stockSheetAnswerSchema = z.object({
  applied: z.boolean(),
  rows: z.number(),
  changes: z.array(stockSheetChangeSchema),
  /** The products whose packed parcel changes (files with the parcel's columns). */
  parcels: z.array(stockSheetParcelChangeSchema).optional(),
  errors: z.array(stockSheetErrorSchema),
});
export type StockSheetAnswer = z.infer<typeof stockSheetAnswerSchema>;
