import { isNonReturnableCategory, variantLabel, type ReturnOption, type TrackedReturns } from '@shop/shared';
import { findOrderByNumber } from '../orders';
import { askedUnits, deliveredAt, orderRefusal, returnsPolicy } from './return-create';
import { productsOf } from './return-product';
import { returnsOfOrder, toReturnAnswer } from './return-store';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the tracking page shows with the contact: her requests of the order and, while she may ask (delivered,
 * within the window, the shop takes requests), per line the units left and the other variants in stock now.
 */
export async function trackedReturnsOf(orderNumber: string, now: Date = new Date()): Promise<TrackedReturns | undefined> {
  const order = await findOrderByNumber(orderNumber);
  if (!order) return undefined;
  const knex = strapi.db.connection;
  const requests = (await returnsOfOrder(knex, order._id)).map(toReturnAnswer);
  const policy = await returnsPolicy();
  const delivered = deliveredAt(order);
  const open = orderRefusal(order, policy, now) === null;
  const openUntil = open && delivered ? new Date(new Date(delivered).getTime() + policy.windowDays * DAY_MS).toISOString() : null;
  if (!open) return { requests, openUntil: null, options: [] };
  const asked = await askedUnits(knex, order._id);
  const products = await productsOf(order.items.flatMap((item) => (item.productId ? [item.productId] : [])));
  const options: ReturnOption[] = order.items.map((item, lineIndex) => {
    const product = item.productId ? products.get(item.productId) : undefined;
    const nonReturnable = isNonReturnableCategory(product?.category, policy);
    const exchangeVariants = (product?.variants ?? [])
      .filter((variant) => variant.active && variant.stock > 0)
      .filter(
        (variant) => variant.id !== item.variantId && !(variant.size === (item.size ?? null) && variant.color === (item.color ?? null)),
      )
      .map((variant) => ({ variantId: variant.id, label: variantLabel(variant) || variant.sku, stock: variant.stock }));
    return {
      lineIndex,
      available: nonReturnable ? 0 : Math.max(0, item.quantity - (asked.get(lineIndex) ?? 0)),
      nonReturnable,
      exchangeVariants,
    };
  });
  return { requests, openUntil, options };
}
