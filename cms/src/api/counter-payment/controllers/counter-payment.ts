import type { Context } from 'koa';
import {
  COUNTER_METHOD_LABELS,
  COUNTER_PAYMENT_MESSAGES,
  addCounterPaymentAnswerSchema,
  addCounterPaymentInputSchema,
  counterIdOf,
  counterPaymentAnswerSchema,
  formatPrice,
} from '@shop/shared';
import { badRequest, parseWith, reply, requestBody } from '../../../utils/http';
import { routeParam } from '../../../utils/route-param';
import { noteActivity, requireStaff } from '../../../domains/staff';
import { staffActor } from '../../../domains/orders';
import { addPart, cancelPart, clerkOf, pollPart } from '../../../domains/counter';

/** A part's id from the path; junk is a 400 in Spanish. */
function partIdOf(ctx: Context): number {
  const id = counterIdOf(routeParam(ctx, 'id'));
  if (id === null) throw badRequest(COUNTER_PAYMENT_MESSAGES.badId);
  return id;
}

/** An order's number or id from the path (letters, digits, dashes); junk is a 400 in Spanish. */
function orderReferenceOf(ctx: Context): string {
  const value = routeParam(ctx, 'id');
  if (!/^[A-Za-z0-9-]{1,64}$/.test(value)) throw badRequest(COUNTER_PAYMENT_MESSAGES.orderUnknown);
  return value;
}

/** A counter sale's card and QR parts (staff, counter.use). */
export default {
  /** GET /counter-payments/:id: the part; a pending one is asked of Mercado Pago first (at most every 2 s). */
  async findOne(ctx: Context) {
    await requireStaff(ctx, 'counter.use');
    ctx.state.activitySkip = true;
    ctx.set('Cache-Control', 'no-store');
    reply(ctx, counterPaymentAnswerSchema, { payment: await pollPart(partIdOf(ctx)) });
  },

  /** DELETE /counter-payments/:id: cancelled at the terminal / QR; 409 when approved. */
  async cancel(ctx: Context) {
    await requireStaff(ctx, 'counter.use');
    const payment = await cancelPart(partIdOf(ctx));
    noteActivity(ctx, {
      target: payment.orderNumber,
      summary: `Canceló el cobro con ${COUNTER_METHOD_LABELS[payment.method]} de ${formatPrice(payment.amount)}`,
    });
    reply(ctx, counterPaymentAnswerSchema, { payment });
  },

  /** POST /orders/:id/counter-payments {method, amount, tendered?}: another part for what is left to charge. */
  async add(ctx: Context) {
    const user = await requireStaff(ctx, 'counter.use');
    const reference = orderReferenceOf(ctx);
    const input = parseWith(addCounterPaymentInputSchema, requestBody(ctx));
    const answer = await addPart(reference, input, clerkOf(user), staffActor(user));
    noteActivity(ctx, {
      target: answer.orderNumber,
      summary: `Cobro con ${COUNTER_METHOD_LABELS[input.method]} de ${formatPrice(input.amount)}`,
    });
    ctx.status = 201;
    reply(ctx, addCounterPaymentAnswerSchema, answer);
  },
};
