import type { Context } from 'koa';
import {
  CASH_MOVEMENT_LABELS,
  CASH_SESSIONS_CSV_HEADER,
  cashMovementAnswerSchema,
  cashMovementInputSchema,
  cashSessionAnswerSchema,
  closeSessionInputSchema,
  counterTicketAnswerSchema,
  formatPrice,
  reopenSessionInputSchema,
} from '@shop/shared';
import { parseWith, reply, requestBody } from '../../../utils/http';
import { counterId } from '../../../domains/counter';
import { routeParam } from '../../../utils/route-param';
import { exportBatchSize, sendCsv } from '../../../utils/csv-stream';
import { noteActivity, requireStaff } from '../../../domains/staff';
import {
  addMovement,
  clerkOf,
  closeSession,
  counterTicket,
  readSession,
  reopenSession,
  sessionCsvBatches,
  sessionReportPdf,
} from '../../../domains/counter';

const sessionIdOf = (ctx: Context) => counterId(routeParam(ctx, 'id'));

/** A register's cash sessions (staff). */
export default {
  /** GET /cash-sessions/:id (counter.use): the session with its figures and movements. */
  async findOne(ctx: Context) {
    await requireStaff(ctx, 'counter.use');
    ctx.state.activitySkip = true;
    reply(ctx, cashSessionAnswerSchema, { session: await readSession(strapi.db.connection, sessionIdOf(ctx)) });
  },

  /** POST /cash-sessions/:id/movements {type, amount, reason} (counter.use): 409 on a closed session. */
  async addMovement(ctx: Context) {
    const user = await requireStaff(ctx, 'counter.use');
    const sessionId = sessionIdOf(ctx);
    const input = parseWith(cashMovementInputSchema, requestBody(ctx));
    const answer = await addMovement(sessionId, input, clerkOf(user));
    noteActivity(ctx, {
      target: answer.session.registerName,
      summary: `${CASH_MOVEMENT_LABELS[input.type]} de ${formatPrice(input.amount)}${input.reason ? ` (${input.reason})` : ''}`.slice(
        0,
        500,
      ),
    });
    ctx.status = 201;
    reply(ctx, cashMovementAnswerSchema, answer);
  },

  /** POST /cash-sessions/:id/close {counted} (counter.use): expected, counted, difference; 409 when closed. */
  async close(ctx: Context) {
    const user = await requireStaff(ctx, 'counter.use');
    const sessionId = sessionIdOf(ctx);
    const input = parseWith(closeSessionInputSchema, requestBody(ctx));
    const session = await closeSession(sessionId, input, clerkOf(user));
    noteActivity(ctx, {
      target: session.registerName,
      summary: `Cerró ${session.registerName} con una diferencia de ${formatPrice(session.difference?.total ?? 0)}`,
    });
    reply(ctx, cashSessionAnswerSchema, { session });
  },

  /** POST /cash-sessions/:id/reopen {reason} (counter.manage): the register's last session opened again; 409 otherwise. */
  async reopen(ctx: Context) {
    const user = await requireStaff(ctx, 'counter.manage');
    const sessionId = sessionIdOf(ctx);
    const input = parseWith(reopenSessionInputSchema, requestBody(ctx));
    const session = await reopenSession(sessionId, input, clerkOf(user));
    noteActivity(ctx, { target: session.registerName, summary: `Reabrió la sesión N° ${session.id}: ${input.reason}`.slice(0, 500) });
    reply(ctx, cashSessionAnswerSchema, { session });
  },

  /** GET /cash-sessions/:id/report.pdf (counter.use): the Z report, 80 mm. */
  async report(ctx: Context) {
    await requireStaff(ctx, 'counter.use');
    ctx.state.activitySkip = true;
    const { pdf, filename } = await sessionReportPdf(sessionIdOf(ctx));
    ctx.set('Content-Type', 'application/pdf');
    ctx.set('Content-Disposition', `inline; filename="${filename}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = pdf;
  },

  /** GET /cash-sessions/tickets/:orderNumber (counter.use): a counter sale's 80 mm ticket (shop, lines, payments, invoice). */
  async ticket(ctx: Context) {
    await requireStaff(ctx, 'counter.use');
    ctx.state.activitySkip = true;
    ctx.set('Cache-Control', 'no-store');
    reply(ctx, counterTicketAnswerSchema, { ticket: await counterTicket(routeParam(ctx, 'orderNumber')) });
  },

  /** GET /cash-sessions.csv (counter.manage): one row per session for the accountant. */
  async exportCsv(ctx: Context) {
    await requireStaff(ctx, 'counter.manage');
    ctx.state.activitySkip = true;
    sendCsv(ctx, 'sesiones-de-caja', CASH_SESSIONS_CSV_HEADER, sessionCsvBatches(exportBatchSize()));
  },
};
