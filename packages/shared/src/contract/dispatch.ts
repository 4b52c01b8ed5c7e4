import { z } from 'zod';
import { paymentMethodSchema } from './order-inputs.js';
import { orderAddressFields } from './fields.js';
import { fulfillmentStepSchema } from '../rules/fulfillment.js';

/**
 * GET /orders/dispatch?type=delivery|pickup (staff): the orders still to hand over (not delivered yet), grouped by delivery zone (the
 * "Hoja de reparto") or by meeting point (the pickup list).
 */
export const DISPATCH_TYPES = ['delivery', 'pickup'] as const;
export type DispatchType = (typeof DISPATCH_TYPES)[number];

export const dispatchOrderSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  status: z.string(),
  paymentMethod: paymentMethodSchema,
  /** Not delivered yet: unfulfilled, packed, shipped or ready_for_pickup. */
  fulfillment: fulfillmentStepSchema.optional(),
  fullName: z.string(),
  phone: z.string(),
  ...orderAddressFields,
  units: z.number(),
  total: z.number(),
  /** What to collect in cash on hand-over (0 when already paid). */
  toCollect: z.number(),
});
export type DispatchOrder = z.infer<typeof dispatchOrderSchema>;

export const dispatchGroupSchema = z.object({
  /** The zone's or meeting point's id ('' for orders without one). */
  id: z.string(),
  name: z.string(),
  /** Meeting point: address and schedule; zone: empty. */
  detail: z.string(),
  orders: z.array(dispatchOrderSchema),
  toCollect: z.number(),
});
export type DispatchGroup = z.infer<typeof dispatchGroupSchema>;

/** Orders per page of a sheet unless `limit` says otherwise, and the most one page may list. */
export const DISPATCH_PAGE_SIZE = 100;
export const MAX_DISPATCH_PAGE_SIZE = 500;

export const dispatchAnswerSchema = z.object({
  type: z.enum(DISPATCH_TYPES),
  /** The sheet's day (YYYY-MM-DD, the shop's time zone): orders placed up to its end that are still to hand over. */
  date: z.string(),
  generatedAt: z.string(),
  /** This page's orders, grouped (a group may go on in the next page). */
  groups: z.array(dispatchGroupSchema),
  page: z.number(),
  pageSize: z.number(),
  totalOrders: z.number(),
  totalPages: z.number(),
});
export type DispatchAnswer = z.infer<typeof dispatchAnswerSchema>;
