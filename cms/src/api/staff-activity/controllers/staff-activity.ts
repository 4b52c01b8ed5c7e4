import type { Context } from 'koa';
import { ACTIVITY_KINDS, activityListAnswerSchema, type ActivityKind } from '@shop/shared';
import { badRequest, queryInt, queryString, reply } from '../../../utils/http';

/** GET /activity (owner): newest first, filtered by person and kind, paged. */
export default {
  async find(ctx: Context) {
    const kindText = queryString(ctx.query.kind);
    const kind = ACTIVITY_KINDS.find((k) => k === kindText);
    if (kindText !== undefined && !kind) throw badRequest(`Tipo de actividad inválido: usa ${ACTIVITY_KINDS.join(', ')}`);
    const staffText = queryString(ctx.query.staffId);
    const staffId = staffText === undefined ? undefined : /^\d{1,9}$/.test(staffText) ? Number(staffText) : NaN;
    if (staffId !== undefined && Number.isNaN(staffId)) throw badRequest('Persona inválida: staffId es el número de la cuenta');
    const answer = await strapi.service('api::staff-activity.staff-activity').list({
      page: queryInt(ctx.query.page, 1, { max: 100_000 }),
      limit: queryInt(ctx.query.limit, 50, { max: 200 }),
      kind: kind as ActivityKind | undefined,
      staffId,
    });
    reply(ctx, activityListAnswerSchema, answer);
  },
};
