import type { Context } from 'koa';
import {
  STOCK_LEDGER_MSG,
  STOCK_REASONS,
  shopDayRange,
  stockAdjustmentAnswerSchema,
  stockAdjustmentInputSchema,
  stockCheckAnswerSchema,
  stockMovementsAnswerSchema,
  type StockReason,
} from '@shop/shared';
import { badRequest, parseWith, queryString, reply, requestBody } from '../../../utils/http';
import { noteActivity, requireStaff } from '../../../domains/staff';
import type { MovementQuery } from '../../../domains/catalogue/stock-check';

const ledger = () => strapi.service('api::stock-movement.stock-movement');

function reasonOf(value: string | undefined): StockReason | undefined {
  if (value === undefined) return undefined;
  if (!(STOCK_REASONS as readonly string[]).includes(value)) throw badRequest(STOCK_LEDGER_MSG.badReason);
  return value as StockReason;
}

function dayOf(value: string | undefined, edge: 'start' | 'end'): Date | undefined {
  if (value === undefined) return undefined;
  const range = shopDayRange(value);
  if (!range) throw badRequest(STOCK_LEDGER_MSG.badDate);
  return range[edge];
}

/** The history's filters, each checked: junk is a Spanish 400, never a 500 or an empty page by accident. */
function movementQuery(query: Record<string, unknown>): MovementQuery {
  const sku = queryString(query.sku);
  if (sku !== undefined && sku.length > 60) throw badRequest(STOCK_LEDGER_MSG.unknownSku(sku.slice(0, 60)));
  const productId = queryString(query.productId);
  if (productId !== undefined && !/^[A-Za-z0-9]{1,64}$/.test(productId)) throw badRequest(STOCK_LEDGER_MSG.badProduct);
  const page = queryString(query.page);
  if (page !== undefined && !/^\d{1,6}$/.test(page)) throw badRequest(STOCK_LEDGER_MSG.badPage);
  if (page !== undefined && Number(page) < 1) throw badRequest(STOCK_LEDGER_MSG.badPage);
  const from = dayOf(queryString(query.from), 'start');
  const to = dayOf(queryString(query.to), 'end');
  if (from && to && from >= to) throw badRequest(STOCK_LEDGER_MSG.badRange);
  return {
    sku: sku?.toUpperCase(),
    productId,
    reason: reasonOf(queryString(query.reason)),
    from,
    to,
    page: page === undefined ? 1 : Number(page),
  };
}

/** The stock ledger's routes (staff): the history, the check, and "Ajuste de stock". */
export default {
  async list(ctx: Context) {
    ctx.state.activitySkip = true;
    reply(ctx, stockMovementsAnswerSchema, await ledger().list(movementQuery(ctx.query)));
  },

  async check(ctx: Context) {
    ctx.state.activitySkip = true;
    reply(ctx, stockCheckAnswerSchema, await ledger().check());
  },

  async adjust(ctx: Context) {
    const user = await requireStaff(ctx, 'stock.adjust');
    const input = parseWith(stockAdjustmentInputSchema, requestBody(ctx));
    const movement = await ledger().adjust(input, { id: user.id, email: user.email });
    const sign = movement.quantity > 0 ? `+${movement.quantity}` : String(movement.quantity);
    noteActivity(ctx, { target: movement.sku, summary: `Ajuste de stock (${input.reason}): ${sign}, quedan ${movement.unitsAfter}` });
    ctx.status = 201;
    reply(ctx, stockAdjustmentAnswerSchema, { message: STOCK_LEDGER_MSG.adjusted, movement });
  },
};
