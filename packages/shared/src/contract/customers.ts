import { z } from 'zod';
import { sizedPageFields } from './fields.js';
import { CUSTOMER_SORTS } from '../rules/customers.js';
import { ORDER_CHANNELS } from '../rules/channels.js';

/** Requests and answers of /customers (docs/api.md "/customers"). */

const PAGE_MESSAGE = 'La página debe ser un número entero desde 1';
const PAGE_SIZE_MESSAGE = 'El tamaño de página debe ser un número entero entre 1 y 100';
const intText = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message));

/** GET /customers query: every field optional; a value that is not one of these is refused in Spanish (400). */
export const customerListQuerySchema = z.object({
  search: z
    .string({ error: 'La búsqueda debe ser un texto' })
    .max(100, 'La búsqueda admite hasta 100 caracteres')
    .refine((s) => !/\p{Cc}/u.test(s), 'La búsqueda tiene caracteres inválidos')
    .transform((s) => s.trim())
    .optional(),
  sort: z.enum(CUSTOMER_SORTS, { error: 'Orden inválido: lastOrder, totalSpent, orders o name' }).optional(),
  direction: z.enum(['asc', 'desc'], { error: 'La dirección debe ser asc o desc' }).optional(),
  page: intText(PAGE_MESSAGE, 1, 100_000).optional(),
  pageSize: intText(PAGE_SIZE_MESSAGE, 1, 100).optional(),
});
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;

export const customerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  orders: z.number(),
  totalSpent: z.number(),
  firstOrderAt: z.string().nullable(),
  lastOrderAt: z.string().nullable(),
  channels: z.array(z.enum(ORDER_CHANNELS)),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

/** GET /customers (staff, customers.view). */
export const customerListAnswerSchema = z.object({
  customers: z.array(customerSummarySchema),
  ...sizedPageFields,
});
export type CustomerListAnswer = z.infer<typeof customerListAnswerSchema>;

export const customerOrderSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string().nullable(),
  status: z.string(),
  total: z.number(),
  channel: z.enum(ORDER_CHANNELS),
  paymentMethod: z.string(),
  fulfillment: z.string().nullable(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

/** GET /customers/{id} (staff, customers.view): the customer and her orders, newest first. */
export const customerDetailAnswerSchema = z.object({
  customer: customerSummarySchema,
  orders: z.array(customerOrderSchema),
  /** Since when she has an account in the shop (null: none). Staff see that it exists, never what it holds. */
  accountSince: z.string().nullable().optional(),
});
export type CustomerDetailAnswer = z.infer<typeof customerDetailAnswerSchema>;
