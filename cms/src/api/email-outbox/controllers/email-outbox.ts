import type { Context } from 'koa';
import { factories } from '@strapi/strapi';
import { EMAIL_STATUSES, emailListAnswerSchema, emailResendAnswerSchema, type EmailStatus } from '@shop/shared';
import { badRequest, notFound, queryInt, reply } from '../../../utils/http';
import { routeParam } from '../../../utils/route-param';

const ORDER_ID = /^[A-Za-z0-9]{1,64}$/;

/** A single query value: absent → undefined; repeated or not text → 400. */
function single(value: unknown, message: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(message);
  return value.trim() === '' ? undefined : value.trim();
}

function statusFilter(value: unknown): EmailStatus | undefined {
  const raw = single(value, 'Estado de correo inválido');
  if (raw === undefined) return undefined;
  const status = EMAIL_STATUSES.find((s) => s === raw);
  if (!status) throw badRequest('Estado de correo inválido: usa pending, sent o failed');
  return status;
}

function orderFilter(value: unknown): string | undefined {
  const raw = single(value, 'Identificador de orden inválido');
  if (raw !== undefined && !ORDER_ID.test(raw)) throw badRequest('Identificador de orden inválido');
  return raw;
}

const outbox = () => strapi.service('api::email-outbox.email-outbox');

export default factories.createCoreController('api::email-outbox.email-outbox', () => ({
  /** GET /emails (admin): newest first, by status and order, paginated. */
  async find(ctx: Context) {
    const answer = await outbox().list({
      page: queryInt(ctx.query.page, 1, { max: 100_000 }),
      limit: queryInt(ctx.query.limit, 20, { max: 100 }),
      status: statusFilter(ctx.query.status),
      orderDocumentId: orderFilter(ctx.query.order),
    });
    reply(ctx, emailListAnswerSchema, answer);
  },

  /** POST /emails/:id/resend (admin): queues the message again, due now. */
  async resend(ctx: Context) {
    const raw = routeParam(ctx, 'id');
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw badRequest('Identificador de correo inválido');
    const email = await outbox().resend(Number(raw));
    if (!email) throw notFound('Correo no encontrado');
    reply(ctx, emailResendAnswerSchema, { email });
  },
}));
