import type { Context } from 'koa';
import {
  staffAnswerSchema,
  staffCreateSchema,
  staffCreatedAnswerSchema,
  staffDeletedAnswerSchema,
  staffListAnswerSchema,
  staffUpdateSchema,
} from '@shop/shared';
import { badRequest, parseWith, reply, requestBody } from '../../../utils/http';
import { routeParam } from '../../../utils/route-param';
import { noteActivity } from '../../../domains/staff/staff-activity';

const team = () => strapi.service('api::staff.staff');

function staffId(ctx: Context): number {
  const raw = routeParam(ctx, 'id');
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw badRequest('Identificador de cuenta inválido');
  return id;
}

/** The team (owner only: the route policy checks `staff.manage`). */
export default {
  async find(ctx: Context) {
    reply(ctx, staffListAnswerSchema, { staff: await team().list() });
  },

  async create(ctx: Context) {
    const input = parseWith(staffCreateSchema, requestBody(ctx));
    const created = await team().invite(input, ctx.origin);
    noteActivity(ctx, { target: input.email, summary: `${input.name} <${input.email}> (${input.role})` });
    ctx.status = 201;
    reply(ctx, staffCreatedAnswerSchema, created);
  },

  async update(ctx: Context) {
    const input = parseWith(staffUpdateSchema, requestBody(ctx));
    const staff = await team().change(staffId(ctx), input);
    noteActivity(ctx, { target: staff.email, summary: `${staff.name}: ${JSON.stringify(input)}` });
    reply(ctx, staffAnswerSchema, { staff });
  },

  async delete(ctx: Context) {
    const removed = await team().remove(staffId(ctx));
    noteActivity(ctx, { summary: removed });
    reply(ctx, staffDeletedAnswerSchema, { message: `Cuenta de ${removed} eliminada` });
  },
};
