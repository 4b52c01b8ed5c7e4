import type { Context } from 'koa';
import { goLiveChecklistSchema, healthSchema, testEmailAnswerSchema, testEmailInputSchema } from '@shop/shared';
import { requireStaff } from '../../../domains/staff';
import { parseWith, reply, requestBody } from '../../../utils/http';
import { consume } from '../../../domains/platform/rate-limit';
import { noteActivity } from '../../../domains/staff';
import { goLiveAnswer } from '../../../domains/platform/checklist';

export default {
  /**
   * Database and Redis (when configured) up or down with their latency, for the back office's status card and for
   * load balancers: 503 when the database is down (the shop cannot sell); 200 `degraded` when only Redis is down
   * (rate limits fall back to each process's memory).
   */
  async check(ctx: Context) {
    const report = await strapi.service('api::health.health').check();
    ctx.set('Cache-Control', 'no-store');
    ctx.status = report.status === 'error' ? 503 : 200;
    reply(ctx, healthSchema, report);
  },

  /** GET /health/checklist (owner): the go-live checklist, one green/red line per thing to have ready. */
  async checklist(ctx: Context) {
    const { items, backups } = await goLiveAnswer(ctx);
    ctx.set('Cache-Control', 'no-store');
    reply(ctx, goLiveChecklistSchema, { items, backups, checkedAt: new Date().toISOString() });
  },

  /**
   * POST /health/test-email (owner): queues a test message to the signed-in account's own e-mail through the outbox
   * (the worker sends it like any other mail); 202. A few per hour per account (RATE_LIMIT_TEST_EMAIL_MAX).
   */
  async testEmail(ctx: Context) {
    const me = await requireStaff(ctx, 'settings.manage');
    const body = requestBody(ctx);
    parseWith(testEmailInputSchema, body === undefined ? {} : body);
    await consume(ctx, 'testEmail', `staff:${me.id}`);
    const outbox = strapi.service('api::email-outbox.email-outbox');
    const email = await outbox.staffTest(me.email, me.fullName || me.username || me.email, ctx.origin);
    const mailConfigured = outbox.mailConfigured();
    noteActivity(ctx, { target: String(email.id), summary: me.email });
    ctx.status = 202;
    reply(ctx, testEmailAnswerSchema, {
      message: mailConfigured
        ? `Correo de prueba en camino a ${me.email}: debería llegarte en unos minutos. En Correos ves si salió o qué error dio.`
        : `El correo de prueba para ${me.email} quedó guardado en Correos, pero no va a salir: falta configurar el servidor de correo (SMTP_HOST).`,
      email,
      mailConfigured,
    });
  },
};
