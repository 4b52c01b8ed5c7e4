import { z } from 'zod';

/**
 * The one order line, from cart to database (docs/api.md "Variants (colour × size) and the order line"): the quote
 * answers it, the order stores and answers it (with `price` = `unitPrice` for clients of the specification), and
 * tracking, e-mails, exports and the back office read it. `variantId` and `sku` are null on orders placed before
 * variants; readOrderLine reads both shapes.
 */
export const orderLineSchema = z.object({
  productId: z.string().nullable(),
  variantId: z.string().nullable(),
  sku: z.string().nullable(),
  title: z.string(),
  image: z.string().nullable(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  quantity: z.number(),
  unitPrice: z.number(),
  lineTotal: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const whole = (value: unknown): number => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.max(0, Math.round(n)) : 0;
};

/**
 * A stored or answered line of any shape: today's (`unitPrice`, `lineTotal`, `variantId`, `sku`), an order's
 * (`price`), or one saved before variants (no variant, no SKU). Anything unreadable becomes null or 0, never a throw.
 */
export function readOrderLine(value: unknown): OrderLine {
  const line = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const quantity = whole(line.quantity);
  const unitPrice = whole(line.unitPrice ?? line.price);
  const lineTotal = line.lineTotal === undefined || line.lineTotal === null ? unitPrice * quantity : whole(line.lineTotal);
  return {
    productId: text(line.productId),
    variantId: text(line.variantId),
    sku: text(line.sku),
    title: typeof line.title === 'string' ? line.title : '',
    image: text(line.image),
    color: text(line.color),
    size: text(line.size),
    quantity,
    unitPrice,
    lineTotal,
  };
}
