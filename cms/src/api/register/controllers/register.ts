import type { Context } from 'koa';
import {
  cashSessionAnswerSchema,
  formatPrice,
  openSessionInputSchema,
  registerAnswerSchema,
  registerInputSchema,
  registersAnswerSchema,
  registerDevicesInputSchema,
} from '@shop/shared';
import { parseWith, reply, requestBody } from '../../../utils/http';
import { counterId } from '../../../domains/counter';
import { routeParam } from '../../../utils/route-param';
import { noteActivity, requireStaff } from '../../../domains/staff';
import { clerkOf, createRegister, listRegisters, openSession, updateRegisterDevices } from '../../../domains/counter';

/** The counter's registers (staff). */
export default {
  /** GET /registers (counter.use): every register with its open session, if any. */
  async list(ctx: Context) {
    await requireStaff(ctx, 'counter.use');
    ctx.state.activitySkip = true;
    reply(ctx, registersAnswerSchema, { registers: await listRegisters() });
  },

  /** POST /registers {name} (counter.manage). */
  async create(ctx: Context) {
    await requireStaff(ctx, 'counter.manage');
    const { name } = parseWith(registerInputSchema, requestBody(ctx));
    const register = await createRegister(name);
    noteActivity(ctx, { target: register.name, summary: `Creó la caja ${register.name}` });
    ctx.status = 201;
    reply(ctx, registerAnswerSchema, { register });
  },

  /** POST /registers/:id/sessions {openingCash} | {denominations} (counter.use): 409 when one is open. */
  async openSession(ctx: Context) {
    const user = await requireStaff(ctx, 'counter.use');
    const registerId = counterId(routeParam(ctx, 'id'));
    const input = parseWith(openSessionInputSchema, requestBody(ctx));
    const session = await openSession(registerId, input, clerkOf(user));
    noteActivity(ctx, { target: session.registerName, summary: `Abrió ${session.registerName} con ${formatPrice(session.openingCash)}` });
    ctx.status = 201;
    reply(ctx, cashSessionAnswerSchema, { session });
  },

  /** PATCH /registers/:id {pointTerminalId?, qrPosId?} (counter.manage): the register's Mercado Pago devices. */
  async updateDevices(ctx: Context) {
    await requireStaff(ctx, 'counter.manage');
    const registerId = counterId(routeParam(ctx, 'id'));
    const input = parseWith(registerDevicesInputSchema, requestBody(ctx));
    const register = await updateRegisterDevices(registerId, input);
    const devices = [
      register.pointTerminalId ? `terminal ${register.pointTerminalId}` : 'sin terminal',
      register.qrPosId ? `QR ${register.qrPosId}` : 'sin QR',
    ];
    noteActivity(ctx, { target: register.name, summary: `Configuró ${register.name}: ${devices.join(', ')}` });
    reply(ctx, registerAnswerSchema, { register });
  },
};
