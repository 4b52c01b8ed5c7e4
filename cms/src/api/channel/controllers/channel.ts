import type { Context } from 'koa';
import {
  MERCADOLIBRE_MESSAGES,
  mercadoLibreChannelAnswerSchema,
  mercadoLibreConnectAnswerSchema,
  mercadoLibreMessageAnswerSchema,
  mercadoLibreSettingsInputSchema,
  categoryAttributesAnswerSchema,
  categoryPredictionAnswerSchema,
  LISTING_MESSAGES,
  mercadoLibreCategoryIdSchema,
  mercadoLibreListingAnswerSchema,
  mercadoLibreListingsAnswerSchema,
  publishListingInputSchema,
  updateListingInputSchema,
  mercadoLibreAnswerInputSchema,
  mercadoLibreNotificationSchema,
  mercadoLibreQuestionsAnswerSchema,
  MERCADOLIBRE_QUESTION_ID_RE,
  MERCADOLIBRE_SALES_MESSAGES,
} from '@shop/shared';
import { badRequest, parseWith, queryString, reply, requestBody } from '../../../utils/http';
import { publicBaseUrl } from '../../../utils/public-url';
import { consume } from '../../../domains/platform';
import { requireStaff } from '../../../domains/staff';
import { SETTINGS_PAGE_PATH } from '../../../domains/channels';

const channels = () => strapi.service('api::channel.channel');

/** Mercado Libre as a sales channel: the account's connection (OAuth 2.0) and the channel's settings. */
export default {
  async find(ctx: Context) {
    ctx.set('Cache-Control', 'no-store');
    reply(ctx, mercadoLibreChannelAnswerSchema, await channels().view());
  },

  async connect(ctx: Context) {
    const staff = await requireStaff(ctx, 'channels.manage');
    const authorizationUrl: string = await channels().startConnection(publicBaseUrl(ctx), staff);
    ctx.set('Cache-Control', 'no-store');
    reply(ctx, mercadoLibreConnectAnswerSchema, { authorizationUrl });
  },

  /** The owner's browser, back from Mercado Libre: to the channel's page, connected or with the reason why not. */
  async callback(ctx: Context) {
    await consume(ctx, 'channelCallback');
    const baseUrl = publicBaseUrl(ctx);
    const problem = await channels().finishConnection(baseUrl, {
      code: queryString(ctx.query.code),
      state: queryString(ctx.query.state),
      error: queryString(ctx.query.error),
    });
    // The address carried the code: no page after this one may see it.
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.redirect(`${baseUrl}${SETTINGS_PAGE_PATH}?${problem ? `error=${problem}` : 'connected=1'}`);
  },

  async check(ctx: Context) {
    const { nickname } = await channels().checkConnection();
    reply(ctx, mercadoLibreMessageAnswerSchema, { message: `Conexión con Mercado Libre en orden: cuenta ${nickname}` });
  },

  async settings(ctx: Context) {
    const settings = parseWith(mercadoLibreSettingsInputSchema, requestBody(ctx));
    await channels().saveSettings(settings);
    reply(ctx, mercadoLibreChannelAnswerSchema, await channels().view());
  },

  async disconnect(ctx: Context) {
    await channels().disconnect();
    reply(ctx, mercadoLibreMessageAnswerSchema, { message: MERCADOLIBRE_MESSAGES.disconnected });
  },

  /** The categories Mercado Libre predicts for a title (`?title=`, 1–200 characters). */
  async categories(ctx: Context) {
    const title = queryString(ctx.query.title);
    if (!title || title.length > 200) throw badRequest('Indicá el título a clasificar (hasta 200 caracteres)');
    reply(ctx, categoryPredictionAnswerSchema, await channels().guessCategories(title));
  },

  /** The category's required attributes, in Spanish (what "Publicar en Mercado Libre" asks). */
  async categoryAttributes(ctx: Context) {
    const parsed = mercadoLibreCategoryIdSchema.safeParse(ctx.params.categoryId);
    if (!parsed.success) throw badRequest(LISTING_MESSAGES.categoryId);
    reply(ctx, categoryAttributesAnswerSchema, { required: await channels().requiredAttributes(parsed.data) });
  },

  async listings(ctx: Context) {
    ctx.set('Cache-Control', 'no-store');
    reply(ctx, mercadoLibreListingsAnswerSchema, { listings: await channels().listListings() });
  },

  async publish(ctx: Context) {
    const input = parseWith(publishListingInputSchema, requestBody(ctx));
    ctx.status = 201;
    reply(ctx, mercadoLibreListingAnswerSchema, { listing: await channels().publishListing(input) });
  },

  async updateListing(ctx: Context) {
    const productId = String(ctx.params.productId ?? '');
    if (!/^[A-Za-z0-9]{1,64}$/.test(productId)) throw badRequest(LISTING_MESSAGES.productId);
    const input = parseWith(updateListingInputSchema, requestBody(ctx));
    reply(ctx, mercadoLibreListingAnswerSchema, { listing: await channels().updateListing(productId, input) });
  },

  /** Mercado Libre's notice of a sale: 200 at once; only its resource is kept (a durable row the worker fetches). */
  async notifications(ctx: Context) {
    await consume(ctx, 'channelNotifications');
    const notice = parseWith(mercadoLibreNotificationSchema, requestBody(ctx));
    await channels().receiveNotification(notice);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 200;
    ctx.body = { received: true };
  },

  async questions(ctx: Context) {
    ctx.set('Cache-Control', 'no-store');
    reply(ctx, mercadoLibreQuestionsAnswerSchema, { questions: await channels().unansweredQuestions() });
  },

  async answer(ctx: Context) {
    const id = String(ctx.params.id ?? '');
    if (!MERCADOLIBRE_QUESTION_ID_RE.test(id)) throw badRequest(MERCADOLIBRE_SALES_MESSAGES.questionId);
    const { text } = parseWith(mercadoLibreAnswerInputSchema, requestBody(ctx));
    await channels().answerQuestion(id, text);
    reply(ctx, mercadoLibreMessageAnswerSchema, { message: MERCADOLIBRE_SALES_MESSAGES.answered });
  },
};
