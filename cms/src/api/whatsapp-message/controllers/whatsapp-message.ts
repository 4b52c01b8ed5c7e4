import type { Context } from 'koa';
import { factories } from '@strapi/strapi';
import { badRequest, requestBody } from '../../../utils/http';
import { routeParam } from '../../../utils/route-param';
import { publicBaseUrl } from '../../../utils/public-url';
import { consume } from '../../../domains/platform';
import { requireStaff } from '../../../domains/staff';
import { putWhatsappSettings, whatsappSettingsAnswer } from '../../../domains/notifications/whatsapp-settings';
import { sendWhatsappTest, whatsappTemplates } from '../../../domains/notifications/whatsapp-actions';
import { verifyWebhook, receiveWebhook } from '../../../domains/notifications/whatsapp-webhook';
import {
  conversationPhone,
  listConversations,
  readConversation,
  replyInConversation,
} from '../../../domains/notifications/whatsapp-conversations';
import { orderWhatsappMessages } from '../../../domains/notifications/whatsapp-store';

const ORDER_ID = /^[A-Za-z0-9]{1,64}$/;

const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');

/** WhatsApp through Meta's Cloud API (docs/api.md, "WhatsApp"). Staff routes are checked by the is-admin policy too. */
export default factories.createCoreController('api::whatsapp-message.whatsapp-message', () => ({
  /** Meta's check of the callback URL: the challenge back as plain text, only with the shop's verify token. */
  async verify(ctx: Context) {
    await consume(ctx, 'whatsappWebhooks');
    const challenge = await verifyWebhook(ctx.query as Record<string, unknown>);
    ctx.type = 'text/plain';
    ctx.body = challenge;
  },

  /** Meta's signed notifications; 200 once stored (Meta sends again what is not answered 200). */
  async webhook(ctx: Context) {
    await consume(ctx, 'whatsappWebhooks');
    const raw: unknown = ctx.state.whatsappBody;
    const outcome = await receiveWebhook(Buffer.isBuffer(raw) ? raw : Buffer.alloc(0), ctx.get('x-hub-signature-256') || undefined);
    ctx.body = { ok: true, ...outcome };
  },

  async settings(ctx: Context) {
    await requireStaff(ctx, 'whatsapp.manage');
    noStore(ctx);
    ctx.body = await whatsappSettingsAnswer(publicBaseUrl(ctx));
  },

  async saveSettings(ctx: Context) {
    await requireStaff(ctx, 'whatsapp.manage');
    noStore(ctx);
    ctx.body = await putWhatsappSettings(requestBody(ctx), publicBaseUrl(ctx));
  },

  async templates(ctx: Context) {
    await requireStaff(ctx, 'whatsapp.manage');
    noStore(ctx);
    ctx.body = { templates: await whatsappTemplates() };
  },

  async test(ctx: Context) {
    const staff = await requireStaff(ctx, 'whatsapp.manage');
    await consume(ctx, 'whatsappTest', `staff:${staff.id}`);
    ctx.body = await sendWhatsappTest(requestBody(ctx));
  },

  async conversations(ctx: Context) {
    await requireStaff(ctx, 'whatsapp.chat');
    noStore(ctx);
    ctx.body = { conversations: await listConversations() };
  },

  async conversation(ctx: Context) {
    await requireStaff(ctx, 'whatsapp.chat');
    noStore(ctx);
    ctx.body = await readConversation(conversationPhone(routeParam(ctx, 'phone')));
  },

  async reply(ctx: Context) {
    const staff = await requireStaff(ctx, 'whatsapp.chat');
    const phone = conversationPhone(routeParam(ctx, 'phone'));
    ctx.status = 201;
    ctx.body = { message: await replyInConversation(phone, requestBody(ctx), staff.username) };
  },

  async orderMessages(ctx: Context) {
    await requireStaff(ctx, 'whatsapp.chat');
    const id = routeParam(ctx, 'id');
    if (!ORDER_ID.test(id)) throw badRequest('Identificador de orden inválido');
    noStore(ctx);
    ctx.body = { messages: await orderWhatsappMessages(id) };
  },
}));
