import { z } from 'zod';
import { sizedPageFields } from './fields.js';
import { isValidCuit, normalizeCuit } from '../rules/cuit.js';

/**
 * Costs and purchases, "Ingreso de mercadería" (docs/api.md "Purchases"): suppliers, purchases from them in lines by
 * SKU or barcode (a draft until received), receptions that add the units through the stock ledger (reason
 * `purchase`) and update each variant's cost (the owner's method: last cost or weighted average), and the reversal.
 * Costs are staff data: only answers for `purchases.manage` carry them, never a public one.
 */

/** How a reception updates a variant's cost: the purchase's unit cost, or the average weighted by the units on hand. */
export const COST_METHODS = ['last', 'average'] as const;
export type CostMethod = (typeof COST_METHODS)[number];
export const COST_METHOD_LABELS: Record<CostMethod, string> = {
  last: 'Último costo',
  average: 'Promedio ponderado',
};
export const DEFAULT_COST_METHOD: CostMethod = 'last';

/** draft → partial → received; a purchase with units received is never edited, only reversed (once). */
export const PURCHASE_STATUSES = ['draft', 'partial', 'received', 'reversed'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];
export const PURCHASE_STATUS_LABELS: Record<PurchaseStatus, string> = {
  draft: 'Borrador',
  partial: 'Recibida en parte',
  received: 'Recibida',
  reversed: 'Revertida',
};

export const PURCHASE_MAX_LINES = 200;
export const PURCHASE_MAX_QUANTITY = 10_000;
export const PURCHASE_MAX_UNIT_COST = 100_000_000;
export const PURCHASES_PAGE_SIZE = 25;

export const PURCHASES_MSG = {
  supplierName: 'Indicá el nombre del proveedor (hasta 120 caracteres)',
  supplierCuit: 'El CUIT del proveedor no es válido: 11 números con el dígito verificador correcto',
  supplierContact: 'El contacto del proveedor no puede superar 200 caracteres',
  supplierTaken: (name: string) => `Ya hay un proveedor llamado ${name}`,
  supplierMissing: 'No existe ese proveedor',
  supplierId: 'Elegí el proveedor de la compra',
  badSupplierId: 'Identificador de proveedor inválido',
  lines: `Agregá entre 1 y ${PURCHASE_MAX_LINES} líneas a la compra`,
  sku: 'Indicá el SKU o el código de barras de cada línea',
  quantity: `La cantidad de cada línea debe ser un número entero entre 1 y ${PURCHASE_MAX_QUANTITY.toLocaleString('es-AR')}`,
  unitCost: `El costo unitario debe ser un número entero de pesos entre 0 y ${PURCHASE_MAX_UNIT_COST.toLocaleString('es-AR')}`,
  unknownCode: (code: string) => `No hay ninguna variante con SKU o código de barras ${code}`,
  twice: (sku: string) => `La variante ${sku} está dos veces en la compra: sumá las cantidades en una sola línea`,
  badId: 'Identificador de compra inválido',
  missing: 'No existe esa compra',
  badPage: 'La página debe ser un número entero mayor o igual a 1',
  notDraft: 'Una compra con unidades recibidas no se edita: si hay un error, revertila y cargá otra',
  notInPurchase: (code: string) => `La variante ${code} no está en esta compra`,
  overReceived: (sku: string, left: number) => `No se pueden recibir más unidades de ${sku} que las pedidas (quedan ${left} por recibir)`,
  nothingLeft: 'Esta compra ya fue recibida completa',
  alreadyReversed: 'Esta compra ya fue revertida',
  reverseDraft: 'Un borrador no tiene unidades recibidas: no hay nada que revertir',
  variantGone: (sku: string) => `La variante ${sku} ya no existe en su producto: no se pueden mover sus unidades`,
  tooMuchStock: (sku: string) => `La variante ${sku} superaría el máximo de 1.000.000 unidades`,
  belowZero: (sku: string, stock: number) =>
    `No se puede revertir: la variante ${sku} quedaría con stock negativo (hoy tiene ${stock} ${stock === 1 ? 'unidad' : 'unidades'})`,
  costMethod: 'Elegí el método de costo: último costo o promedio ponderado',
  paymentFee: 'La comisión de Mercado Pago debe ser un porcentaje entre 0 y 30, con hasta dos decimales',
  pointFee: 'La comisión de Mercado Pago Point debe ser un porcentaje entre 0 y 30, con hasta dos decimales',
  qrFee: 'La comisión del QR de Mercado Pago debe ser un porcentaje entre 0 y 30, con hasta dos decimales',
  noSetting: 'Indicá el método de costo o la comisión de Mercado Pago',
  badProduct: 'Identificador de producto inválido',
  badVariant: 'Indicá la variante de cada costo',
  costs: 'Indicá entre 1 y 500 costos, cada variante una vez',
  unknownVariant: (variantId: string) => `El producto no tiene la variante ${variantId}`,
  costsSaved: 'Costos guardados',
  sheetUnits: (value: string) => `La cantidad "${value}" no es un número entero de unidades`,
  sheetCost: (value: string) => `El costo "${value}" no es un número entero de pesos`,
  sheetNothing: 'La planilla no tiene ninguna fila con unidades (columna stock mayor que 0)',
  saved: 'Compra guardada como borrador',
  received: 'Mercadería recibida',
  reversed: 'Compra revertida',
  reversalNote: 'reversión',
} as const;

const code = z
  .string({ error: PURCHASES_MSG.sku })
  .trim()
  .min(1, PURCHASES_MSG.sku)
  .max(60, PURCHASES_MSG.sku)
  .transform((value) => value.toUpperCase());
const quantity = z
  .number({ error: PURCHASES_MSG.quantity })
  .int(PURCHASES_MSG.quantity)
  .min(1, PURCHASES_MSG.quantity)
  .max(PURCHASE_MAX_QUANTITY, PURCHASES_MSG.quantity);

/** POST /suppliers, PUT /suppliers/{id}: the CUIT optional (hyphens tolerated, stored as 11 digits). */
export const supplierInputSchema = z.object({
  name: z.string({ error: PURCHASES_MSG.supplierName }).trim().min(1, PURCHASES_MSG.supplierName).max(120, PURCHASES_MSG.supplierName),
  cuit: z
    .string({ error: PURCHASES_MSG.supplierCuit })
    .trim()
    .max(20, PURCHASES_MSG.supplierCuit)
    .refine((value) => value === '' || isValidCuit(value), PURCHASES_MSG.supplierCuit)
    .transform((value) => (value === '' ? null : normalizeCuit(value)))
    .nullish(),
  contact: z
    .string({ error: PURCHASES_MSG.supplierContact })
    .trim()
    .max(200, PURCHASES_MSG.supplierContact)
    .transform((value) => (value === '' ? null : value))
    .nullish(),
});
export type SupplierInput = z.infer<typeof supplierInputSchema>;

export const supplierSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** 11 digits, or null. */
  cuit: z.string().nullable(),
  contact: z.string().nullable(),
});
export type Supplier = z.infer<typeof supplierSchema>;

export const suppliersAnswerSchema = z.object({ suppliers: z.array(supplierSchema) });
export type SuppliersAnswer = z.infer<typeof suppliersAnswerSchema>;
export const supplierAnswerSchema = z.object({ supplier: supplierSchema });

/** POST /purchases, PUT /purchases/{id} (a draft): lines by SKU or barcode, each variant once. */
export const purchaseInputSchema = z.object({
  supplierId: z
    .number({ error: PURCHASES_MSG.supplierId })
    .int(PURCHASES_MSG.supplierId)
    .min(1, PURCHASES_MSG.supplierId)
    .max(2_147_483_647, PURCHASES_MSG.supplierId),
  lines: z
    .array(
      z.object({
        sku: code,
        quantity,
        unitCost: z
          .number({ error: PURCHASES_MSG.unitCost })
          .int(PURCHASES_MSG.unitCost)
          .min(0, PURCHASES_MSG.unitCost)
          .max(PURCHASE_MAX_UNIT_COST, PURCHASES_MSG.unitCost),
      }),
      { error: PURCHASES_MSG.lines },
    )
    .min(1, PURCHASES_MSG.lines)
    .max(PURCHASE_MAX_LINES, PURCHASES_MSG.lines),
});
export type PurchaseInput = z.infer<typeof purchaseInputSchema>;

/** POST /purchases/{id}/receive: without `lines`, every unit still to receive; with them, these units (SKU or barcode). */
export const receiveInputSchema = z.object({
  lines: z
    .array(z.object({ sku: code, quantity }), { error: PURCHASES_MSG.lines })
    .min(1, PURCHASES_MSG.lines)
    .max(PURCHASE_MAX_LINES, PURCHASES_MSG.lines)
    .optional(),
});
export type ReceiveInput = z.infer<typeof receiveInputSchema>;

export const purchaseLineSchema = z.object({
  productId: z.string(),
  productTitle: z.string(),
  variantId: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  /** Units ordered. */
  quantity: z.number(),
  /** Units received so far (≤ quantity). */
  received: z.number(),
  /** Whole pesos per unit. */
  unitCost: z.number(),
});
export type PurchaseLine = z.infer<typeof purchaseLineSchema>;

export const purchaseSchema = z.object({
  id: z.number(),
  /** "Compra N° 12": the label of its stock movements. */
  label: z.string(),
  supplier: z.object({ id: z.number(), name: z.string() }),
  status: z.enum(PURCHASE_STATUSES),
  lines: z.array(purchaseLineSchema),
  /** Σ quantity × unitCost, whole pesos. */
  totalCost: z.number(),
  units: z.number(),
  receivedUnits: z.number(),
  staffEmail: z.string().nullable(),
  createdAt: z.string(),
  receivedAt: z.string().nullable(),
  reversedAt: z.string().nullable(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const purchaseAnswerSchema = z.object({ message: z.string().optional(), purchase: purchaseSchema });
export type PurchaseAnswer = z.infer<typeof purchaseAnswerSchema>;

/** GET /purchases: newest first, paged. */
export const purchasesAnswerSchema = z.object({
  purchases: z.array(purchaseSchema),
  ...sizedPageFields,
  pageCount: z.number(),
});
export type PurchasesAnswer = z.infer<typeof purchasesAnswerSchema>;

/** GET /variant-costs?productId=: every variant of the product with its cost (whole pesos; null = unknown). */
export const variantCostsAnswerSchema = z.object({
  productId: z.string(),
  costMethod: z.enum(COST_METHODS),
  costs: z.array(
    z.object({
      variantId: z.string(),
      sku: z.string(),
      color: z.string().nullable(),
      size: z.string().nullable(),
      cost: z.number().nullable(),
    }),
  ),
});
export type VariantCostsAnswer = z.infer<typeof variantCostsAnswerSchema>;

/**
 * PUT /variant-costs: the costs of some variants of one product typed by hand (stock that was there before the
 * purchases, a correction); null forgets a cost. Each variant once.
 */
export const variantCostsInputSchema = z.object({
  productId: z.string({ error: PURCHASES_MSG.badProduct }).regex(/^[A-Za-z0-9]{1,64}$/, PURCHASES_MSG.badProduct),
  costs: z
    .array(
      z.object({
        variantId: z.string({ error: PURCHASES_MSG.badVariant }).min(1, PURCHASES_MSG.badVariant).max(200, PURCHASES_MSG.badVariant),
        cost: z
          .number({ error: PURCHASES_MSG.unitCost })
          .int(PURCHASES_MSG.unitCost)
          .min(0, PURCHASES_MSG.unitCost)
          .max(PURCHASE_MAX_UNIT_COST, PURCHASES_MSG.unitCost)
          .nullable(),
      }),
      { error: PURCHASES_MSG.costs },
    )
    .min(1, PURCHASES_MSG.costs)
    .max(500, PURCHASES_MSG.costs)
    .refine((costs) => new Set(costs.map((c) => c.variantId)).size === costs.length, PURCHASES_MSG.costs),
});
export type VariantCostsInput = z.infer<typeof variantCostsInputSchema>;

/** The new cost of a variant after receiving `units` at `unitCost` with `onHand` units before (whole pesos). */
export function nextCost(method: CostMethod, previous: number | null, onHand: number, units: number, unitCost: number): number {
  const before = Math.max(0, onHand);
  if (method === 'last' || previous === null || before === 0) return unitCost;
  return Math.round((before * previous + units * unitCost) / (before + units));
}

/**
 * POST /purchases/sheet: a purchase's lines read from a spreadsheet in the stock sheet's format (sku;…;stock, the
 * `stock` column as the units that arrived, an optional `costo` column): nothing is written; the back office fills a
 * draft with `lines` and shows `errors`. Rows with no units (0 or empty) are skipped and counted.
 */
export const purchaseSheetAnswerSchema = z.object({
  rows: z.number(),
  skipped: z.number(),
  lines: z.array(
    z.object({
      line: z.number(),
      sku: z.string(),
      product: z.string(),
      color: z.string().nullable(),
      size: z.string().nullable(),
      quantity: z.number(),
      unitCost: z.number().nullable(),
    }),
  ),
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
});
export type PurchaseSheetAnswer = z.infer<typeof purchaseSheetAnswerSchema>;
