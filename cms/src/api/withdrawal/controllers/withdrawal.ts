import type { Context } from 'koa';
import { factories } from '@strapi/strapi';
import {
  STAFF_FORBIDDEN_MESSAGE,
  WITHDRAWAL_CODE_PATTERN,
  WITHDRAWAL_MESSAGES,
  WITHDRAWAL_STATUSES,
  contactMatches,
  staffCan,
  staffWithdrawalAnswerSchema,
  trackingContactProblem,
  withdrawalAnswerSchema,
  withdrawalInputSchema,
  withdrawalListAnswerSchema,
  withdrawalStatusLabel,
  withdrawalStatusUpdateSchema,
  type WithdrawalStatus,
} from '@shop/shared';
import { noteActivity, requireStaff } from '../../../domains/staff';
import { consume } from '../../../domains/platform';
import { findOrderByNumber, staffActor } from '../../../domains/orders';
import {
  WithdrawalContactMismatch,
  changeWithdrawalStatus,
  createWithdrawalReturnShipment,
  findWithdrawalByCode,
  listWithdrawals,
  requestWithdrawal,
  staffWithdrawalOf,
  withdrawalAnswerOf,
  withdrawalReturnLabel,
} from '../../../domains/withdrawals';
import { badRequest, forbidden, notFound, parseWith, queryString, reply, requestBody, sendPdfDownload } from '../../../utils/http';
import { routeParam } from '../../../utils/route-param';

/** A wrong e-mail or phone costs this many points of the budget in all (as tracking and returns do). */
const FAILED_CONTACT_COST = 5;

export default factories.createCoreController('api::withdrawal.withdrawal', () => ({
  /** POST /withdrawals (public, no sign-in, rate limited): the botón de arrepentimiento. 201 new, 200 the open one. */
  async create(ctx: Context) {
    await consume(ctx, 'withdrawals');
    const input = parseWith(withdrawalInputSchema, requestBody(ctx));
    const problem = trackingContactProblem(input.contact);
    if (problem) throw badRequest(problem);
    try {
      const { row, created } = await requestWithdrawal(input, ctx.request.origin);
      ctx.status = created ? 201 : 200;
      reply(ctx, withdrawalAnswerSchema, row);
    } catch (err) {
      if (!(err instanceof WithdrawalContactMismatch)) throw err;
      await consume(ctx, 'withdrawals', undefined, FAILED_CONTACT_COST - 1);
      // The same answer as an unknown order: nothing says which of the two was wrong.
      throw notFound(WITHDRAWAL_MESSAGES.notFound);
    }
  },

  /** GET /withdrawals/:code?contact= (public, rate limited): her request's status, with the order's contact. */
  async status(ctx: Context) {
    await consume(ctx, 'withdrawals');
    const code = routeParam(ctx, 'code').trim().toUpperCase();
    const contact = queryString(ctx.query.contact) ?? '';
    const problem = trackingContactProblem(contact);
    if (problem) throw badRequest(problem);
    const row = WITHDRAWAL_CODE_PATTERN.test(code) ? await findWithdrawalByCode(code) : undefined;
    const order = row ? await findOrderByNumber(String(row.order_number)) : null;
    if (!row || !order || !contactMatches(contact, order.shippingInfo)) {
      await consume(ctx, 'withdrawals', undefined, FAILED_CONTACT_COST - 1);
      throw notFound(WITHDRAWAL_MESSAGES.codeNotFound);
    }
    reply(ctx, withdrawalAnswerSchema, withdrawalAnswerOf(row));
  },

  /** GET /withdrawals?status=&window=in|out (returns.manage): newest first, with the count still open. */
  async find(ctx: Context) {
    await requireStaff(ctx, 'returns.manage');
    const status = queryString(ctx.query.status);
    if (status !== undefined && !(WITHDRAWAL_STATUSES as readonly string[]).includes(status))
      throw badRequest(`El estado debe ser uno de: ${WITHDRAWAL_STATUSES.join(', ')}`);
    const window = queryString(ctx.query.window);
    if (window !== undefined && window !== 'in' && window !== 'out')
      throw badRequest('El plazo debe ser in (en plazo) u out (fuera de plazo)');
    const { rows, open } = await listWithdrawals({ status: status as WithdrawalStatus | undefined, window });
    const now = new Date();
    reply(ctx, withdrawalListAnswerSchema, { withdrawals: rows.map((row) => staffWithdrawalOf(row, now)), open });
  },

  /** PUT /withdrawals/:id (returns.manage): the next step; repeating the current one changes nothing. */
  async updateStatus(ctx: Context) {
    const staff = await requireStaff(ctx, 'returns.manage');
    const update = parseWith(withdrawalStatusUpdateSchema, requestBody(ctx));
    // Cash out of a register's drawer is the counter's money: the same permission as taking it in (as returns).
    if (update.refundMethod === 'cash' && !staffCan(staff.staffRole, 'counter.use')) throw forbidden(STAFF_FORBIDDEN_MESSAGE);
    const withdrawal = await changeWithdrawalStatus(routeParam(ctx, 'id'), update, staffActor(staff), ctx.request.origin);
    noteActivity(ctx, {
      target: withdrawal.code,
      summary: `${withdrawal.code} (${withdrawal.orderNumber}) → ${withdrawalStatusLabel(update.status)}`,
    });
    reply(ctx, staffWithdrawalAnswerSchema, { withdrawal });
  },

  /** POST /withdrawals/:id/return-shipment (returns.manage): the carrier's return shipment of a national order, once. */
  async returnShipment(ctx: Context) {
    const staff = await requireStaff(ctx, 'returns.manage');
    const withdrawal = await createWithdrawalReturnShipment(routeParam(ctx, 'id'), staffActor(staff), ctx.request.origin);
    noteActivity(ctx, {
      target: withdrawal.code,
      summary:
        `${withdrawal.code} (${withdrawal.orderNumber}): envío de devolución ${withdrawal.returnShipment?.trackingNumber ?? ''}`.trim(),
    });
    reply(ctx, staffWithdrawalAnswerSchema, { withdrawal });
  },

  /** GET /withdrawals/:id/return-shipment/label (returns.manage): the carrier's label, a PDF. */
  async returnLabel(ctx: Context) {
    await requireStaff(ctx, 'returns.manage');
    sendPdfDownload(ctx, await withdrawalReturnLabel(routeParam(ctx, 'id')));
  },
}));
