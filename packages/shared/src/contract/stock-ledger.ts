import { z } from 'zod';

/**
 * The stock ledger (docs/api.md "Stock ledger"): every change of a variant's units is one append-only movement
 * (reason, units moved, units after, the order, return or import it belongs to, who and when); a variant's stock is
 * the sum of its movements, and GET /stock-check proves it.
 */

/** Why units moved. `opening` is a variant's first movement: its units when the ledger first met it. */
export const STOCK_REASONS = [
  'opening',
  'web_order',
  'staff_sale',
  'counter',
  'cancel',
  'hold_expiry',
  'return',
  'import',
  'grid',
  'panel',
  'adjustment',
  'purchase',
  'purchase_reversal',
  'channel_sale',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  opening: 'Saldo inicial',
  web_order: 'Pedido web',
  staff_sale: 'Venta del equipo',
  counter: 'Venta en el local',
  cancel: 'Cancelación',
  hold_expiry: 'Reserva vencida',
  return: 'Cambio o devolución',
  import: 'Planilla de stock',
  grid: 'Edición del producto',
  panel: 'Panel de Strapi',
  adjustment: 'Ajuste de stock',
  purchase: 'Ingreso de mercadería',
  purchase_reversal: 'Reversión de un ingreso',
  channel_sale: 'Venta en Mercado Libre',
};

/** The mandatory reason of a staff adjustment ("Ajuste de stock"). */
export const ADJUSTMENT_REASONS = ['rotura', 'robo', 'conteo'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

export const ADJUSTMENT_REASON_LABELS: Record<AdjustmentReason, string> = {
  rotura: 'Rotura',
  robo: 'Robo',
  conteo: 'Conteo',
};

/** The document a movement belongs to. */
export const STOCK_REFERENCE_KINDS = ['order', 'return', 'import', 'purchase'] as const;
export type StockReferenceKind = (typeof STOCK_REFERENCE_KINDS)[number];

export const STOCK_ADJUSTMENT_MAX = 100_000;

export const STOCK_LEDGER_MSG = {
  skuRequired: 'Indicá el SKU de la variante',
  unknownSku: (sku: string) => `No hay ninguna variante con SKU ${sku}`,
  quantity: `La cantidad debe ser un número entero distinto de 0 (entre -${STOCK_ADJUSTMENT_MAX.toLocaleString('es-AR')} y ${STOCK_ADJUSTMENT_MAX.toLocaleString('es-AR')})`,
  reason: 'Elegí el motivo del ajuste: rotura, robo o conteo',
  belowZero: (sku: string, stock: number) =>
    `El ajuste dejaría la variante ${sku} con stock negativo (hoy tiene ${stock} ${stock === 1 ? 'unidad' : 'unidades'})`,
  note: 'La nota no puede superar 200 caracteres',
  badReason: 'Motivo de movimiento desconocido',
  badProduct: 'Identificador de producto inválido',
  badDate: 'La fecha debe tener el formato AAAA-MM-DD',
  badRange: 'La fecha "desde" no puede ser posterior a la fecha "hasta"',
  badPage: 'La página debe ser un número entero mayor o igual a 1',
  adjusted: 'Ajuste de stock guardado',
} as const;

/** POST /stock-adjustments (stock.adjust): units added (+) or taken (−) from one variant, with the mandatory reason. */
export const stockAdjustmentInputSchema = z.object({
  sku: z
    .string({ error: STOCK_LEDGER_MSG.skuRequired })
    .trim()
    .min(1, STOCK_LEDGER_MSG.skuRequired)
    .max(60, STOCK_LEDGER_MSG.skuRequired)
    .transform((sku) => sku.toUpperCase()),
  quantity: z
    .number({ error: STOCK_LEDGER_MSG.quantity })
    .int(STOCK_LEDGER_MSG.quantity)
    .min(-STOCK_ADJUSTMENT_MAX, STOCK_LEDGER_MSG.quantity)
    .max(STOCK_ADJUSTMENT_MAX, STOCK_LEDGER_MSG.quantity)
    .refine((quantity) => quantity !== 0, STOCK_LEDGER_MSG.quantity),
  reason: z.enum(ADJUSTMENT_REASONS, { error: STOCK_LEDGER_MSG.reason }),
  /** What the person saw (optional): "se descosió el bretel". */
  note: z.string({ error: STOCK_LEDGER_MSG.note }).trim().max(200, STOCK_LEDGER_MSG.note).optional(),
});
export type StockAdjustmentInput = z.infer<typeof stockAdjustmentInputSchema>;

export const stockMovementSchema = z.object({
  id: z.number(),
  productId: z.string(),
  productTitle: z.string(),
  variantId: z.string(),
  sku: z.string(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  /** Units added (+) or taken (−). */
  quantity: z.number(),
  /** The variant's units right after this movement. */
  unitsAfter: z.number(),
  reason: z.enum(STOCK_REASONS),
  /** An adjustment's reason (rotura, robo, conteo); null otherwise. */
  adjustment: z.enum(ADJUSTMENT_REASONS).nullable(),
  note: z.string().nullable(),
  reference: z
    .object({
      kind: z.enum(STOCK_REFERENCE_KINDS),
      id: z.string(),
      /** The order's or return's number, the import's name or the purchase's ("Compra N° 12"); null when unknown. */
      label: z.string().nullable(),
    })
    .nullable(),
  /** The staff member (id and e-mail), a panel user (e-mail only) or null (the shop itself: checkout, sweeps). */
  staff: z.object({ id: z.number().nullable(), email: z.string().nullable() }).nullable(),
  at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** GET /stock-movements (stock.view): newest first, paged. */
export const stockMovementsAnswerSchema = z.object({
  movements: z.array(stockMovementSchema),
  page: z.number(),
  pageSize: z.number(),
  /** The matching movements, counted up to STOCK_MOVEMENTS_COUNT_CAP: `capped` says there are more. */
  total: z.number(),
  pageCount: z.number(),
  /** More movements match than `total` says: the newest 10,000 are paged; a date range reaches the older ones. */
  capped: z.boolean(),
});
export type StockMovementsAnswer = z.infer<typeof stockMovementsAnswerSchema>;

export const stockMismatchSchema = z.object({
  sku: z.string(),
  productId: z.string(),
  variantId: z.string(),
  /** The units the product row holds. */
  stock: z.number(),
  /** The sum of the variant's movements. */
  ledger: z.number(),
});
export type StockMismatch = z.infer<typeof stockMismatchSchema>;

/** GET /stock-check (stock.view): every variant's stock against the sum of its movements. */
export const stockCheckAnswerSchema = z.object({
  ok: z.boolean(),
  variants: z.number(),
  mismatches: z.array(stockMismatchSchema),
});
export type StockCheckAnswer = z.infer<typeof stockCheckAnswerSchema>;

/** 201 to an adjustment: its movement. */
export const stockAdjustmentAnswerSchema = z.object({ message: z.string(), movement: stockMovementSchema });
export type StockAdjustmentAnswer = z.infer<typeof stockAdjustmentAnswerSchema>;

export const STOCK_MOVEMENTS_PAGE_SIZE = 25;
/**
 * The ledger's list counts its matches up to this many (400 pages): a count of a million rows took 200-500 ms on
 * PostgreSQL at each page (issue 60 §4), and nobody pages that far; a date range narrows to the older ones.
 */
export const STOCK_MOVEMENTS_COUNT_CAP = 10_000;
