import { z } from 'zod';

/**
 * "Avisame cuando vuelva": a shopper's request to hear when a sold-out size of a product has units again, and the
 * staff's view of them (docs/api.md "Stock alerts"). Shoppers' e-mails and phones are staff-only data.
 */

export const STOCK_ALERT_MSG = {
  created: (size: string) => `Listo: te avisamos por email cuando vuelva el talle ${size}.`,
  createdNoSize: 'Listo: te avisamos por email cuando vuelva a haber stock.',
  badEmail: 'Ingresá un email válido',
  badPhone: 'Ingresá un número de WhatsApp válido (solo números, con código de área)',
  sizeNotOffered: (size: string) => `Este producto no se ofrece en talle ${size}`,
  sizeInStock: (size: string) => `El talle ${size} tiene stock: podés comprarlo ahora`,
  productInStock: 'Este producto tiene stock: podés comprarlo ahora',
  sizeRequired: 'Elegí el talle que querés que te avisemos',
  colorNotSold: (color: string) => `Este producto no se ofrece en color ${color}`,
  variantNotSold: (label: string) => `Este producto no se ofrece en ${label}`,
  variantInStock: (label: string) => `${label} tiene stock: podés comprarlo ahora`,
  unsubscribed: 'Listo: no te vamos a avisar más por este talle.',
  badToken: 'El enlace para darte de baja no es válido o está incompleto',
  deleted: 'Aviso eliminado',
  notFound: 'No encontramos ese aviso',
} as const;

const email = z
  .string({ error: STOCK_ALERT_MSG.badEmail })
  .trim()
  .max(254, STOCK_ALERT_MSG.badEmail)
  .pipe(z.email({ error: STOCK_ALERT_MSG.badEmail }));

/** POST /products/{id}/stock-alerts (public). `size` is required when the product has sizes. */
export const stockAlertInputSchema = z.object({
  size: z.string({ error: STOCK_ALERT_MSG.sizeRequired }).trim().max(20, STOCK_ALERT_MSG.sizeRequired).optional(),
  /** The colour the shopper waits for (a product with several colours); left out: any colour of the size. */
  color: z.string().trim().max(40, 'El color no puede superar 40 caracteres').optional(),
  email,
  phone: z
    .string({ error: STOCK_ALERT_MSG.badPhone })
    .trim()
    .max(30, STOCK_ALERT_MSG.badPhone)
    .regex(/^\+?[\d\s()-]{0,30}$/, STOCK_ALERT_MSG.badPhone)
    .refine((v) => v === '' || v.replace(/\D/g, '').length >= 8, STOCK_ALERT_MSG.badPhone)
    .optional(),
  /** "Avisame también por WhatsApp" (off unless ticked; the phone must then be a mobile). */
  whatsappOptIn: z.boolean({ error: 'whatsappOptIn debe ser verdadero o falso' }).optional(),
});
export type StockAlertInput = z.infer<typeof stockAlertInputSchema>;

/** 201 to POST /products/{id}/stock-alerts: the same answer whether the e-mail was already waiting or not. */
export const stockAlertCreatedAnswerSchema = z.object({ message: z.string(), size: z.string() });
export type StockAlertCreatedAnswer = z.infer<typeof stockAlertCreatedAnswerSchema>;

/** POST /stock-alerts/unsubscribe (public, the signed token of the e-mail's link). */
export const stockAlertUnsubscribeInputSchema = z.object({
  token: z.string({ error: STOCK_ALERT_MSG.badToken }).min(10, STOCK_ALERT_MSG.badToken).max(200, STOCK_ALERT_MSG.badToken),
});
export const stockAlertUnsubscribeAnswerSchema = z.object({
  message: z.string(),
  productTitle: z.string(),
  size: z.string(),
});
export type StockAlertUnsubscribeAnswer = z.infer<typeof stockAlertUnsubscribeAnswerSchema>;

export const STOCK_ALERT_STATUSES = ['waiting', 'notified', 'unsubscribed'] as const;
export type StockAlertStatus = (typeof STOCK_ALERT_STATUSES)[number];

export const stockAlertSchema = z.object({
  id: z.number(),
  productId: z.string(),
  productTitle: z.string(),
  /** '' for a product without sizes. */
  size: z.string(),
  /** The colour waited for ('' : any colour of the size). */
  color: z.string().optional(),
  email: z.string(),
  phone: z.string().nullable(),
  status: z.enum(STOCK_ALERT_STATUSES),
  createdAt: z.string(),
  notifiedAt: z.string().nullable(),
});
export type StockAlert = z.infer<typeof stockAlertSchema>;

export const waitingSizeSchema = z.object({ size: z.string(), waiting: z.number() });
export type WaitingSize = z.infer<typeof waitingSizeSchema>;

/**
 * GET /stock-alerts?productId={id} (staff, products.manage): that product's alerts still waiting (newest first) and
 * how many wait per size ("3 esperan 90C"). Without productId: every waiting alert, newest first (at most 500).
 */
export const stockAlertListAnswerSchema = z.object({
  alerts: z.array(stockAlertSchema),
  bySize: z.array(waitingSizeSchema),
});
export type StockAlertListAnswer = z.infer<typeof stockAlertListAnswerSchema>;

/** DELETE /stock-alerts/{id} (staff, products.manage). */
export const stockAlertDeletedAnswerSchema = z.object({ message: z.string() });

/** GET /insight/waited-sizes (staff, dashboard): the sizes most waited for, most first (no shopper data). */
export const waitedSizeSchema = z.object({
  productId: z.string(),
  title: z.string(),
  size: z.string(),
  waiting: z.number(),
  stock: z.number(),
});
export type WaitedSize = z.infer<typeof waitedSizeSchema>;
export const waitedSizesAnswerSchema = z.object({ sizes: z.array(waitedSizeSchema) });
export type WaitedSizesAnswer = z.infer<typeof waitedSizesAnswerSchema>;

/** "3 esperan 90C" / "1 espera 90C". */
export function waitingLabel(waiting: number, size: string): string {
  const verb = waiting === 1 ? 'espera' : 'esperan';
  return size === '' ? `${waiting} ${verb} stock` : `${waiting} ${verb} ${size}`;
}
