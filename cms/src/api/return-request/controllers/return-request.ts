import type { Context } from 'koa';
import { factories } from '@strapi/strapi';
import {
  RETURN_MESSAGES,
  RETURN_STATUSES,
  STAFF_FORBIDDEN_MESSAGE,
  returnAnswerSchema,
  returnListAnswerSchema,
  returnRequestInputSchema,
  returnStatusLabel,
  returnStatusUpdateSchema,
  staffCan,
  staffReturnAnswerSchema,
  trackingContactProblem,
} from '@shop/shared';
import { noteActivity, requireStaff } from '../../../domains/staff';
import { consume } from '../../../domains/platform';
import { staffActor } from '../../../domains/orders';
import { ContactMismatch, changeReturnStatus, findReturnRow, listReturns, requestReturn, staffAnswers } from '../../../domains/returns';
import { badRequest, forbidden, notFound, parseWith, queryString, reply, requestBody } from '../../../utils/http';
import { routeParam } from '../../../utils/route-param';

/** A wrong e-mail or phone costs this many points of the returns budget in all (as tracking does). */
const FAILED_CONTACT_COST = 5;

export default factories.createCoreController('api::return-request.return-request', () => ({
  /** POST /returns (public, rate limited): the shopper's exchange or return request of a delivered order. */
  async create(ctx: Context) {
    await consume(ctx, 'returns');
    const input = parseWith(returnRequestInputSchema, requestBody(ctx));
    const problem = trackingContactProblem(input.contact);
    if (problem) throw badRequest(problem);
    try {
      const request = await requestReturn(input);
      ctx.status = 201;
      reply(ctx, returnAnswerSchema, { return: request });
    } catch (err) {
      if (!(err instanceof ContactMismatch)) throw err;
      await consume(ctx, 'returns', undefined, FAILED_CONTACT_COST - 1);
      throw badRequest(RETURN_MESSAGES.contact);
    }
  },

  /** GET /returns?status= (returns.manage): newest first. */
  async find(ctx: Context) {
    await requireStaff(ctx, 'returns.manage');
    const status = queryString(ctx.query.status);
    if (status !== undefined && !(RETURN_STATUSES as readonly string[]).includes(status))
      throw badRequest('El estado debe ser requested, approved, rejected, received o closed');
    reply(ctx, returnListAnswerSchema, { returns: await listReturns(status) });
  },

  /** GET /returns/:id (returns.manage). */
  async findOne(ctx: Context) {
    await requireStaff(ctx, 'returns.manage');
    const row = await findReturnRow(strapi.db.connection, routeParam(ctx, 'id'));
    if (!row) throw notFound(RETURN_MESSAGES.notFound);
    const [request] = await staffAnswers([row]);
    reply(ctx, staffReturnAnswerSchema, { return: request! });
  },

  /** PUT /returns/:id/status (returns.manage): the next step; repeating the current one changes nothing. */
  async updateStatus(ctx: Context) {
    const staff = await requireStaff(ctx, 'returns.manage');
    const update = parseWith(returnStatusUpdateSchema, requestBody(ctx));
    // Cash out of a register's drawer is the counter's money: the same permission as taking it in.
    if (update.refundMethod === 'cash' && !staffCan(staff.staffRole, 'counter.use')) throw forbidden(STAFF_FORBIDDEN_MESSAGE);
    const { request } = await changeReturnStatus(routeParam(ctx, 'id'), update, staffActor(staff), ctx.request.origin);
    noteActivity(ctx, { target: request.number, summary: `${request.number} → ${returnStatusLabel(update.status)}` });
    reply(ctx, staffReturnAnswerSchema, { return: request });
  },
}));
