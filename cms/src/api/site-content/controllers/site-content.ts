import type { Context } from 'koa';
import { contentAnswerSchema, isPlainObject, siteContentSchema } from '@shop/shared';
import { badRequest, reply, requestBody } from '../../../utils/http';
import { factories } from '@strapi/strapi';

const TOP_LEVEL_KEYS = Object.keys(siteContentSchema.shape);

const siteContent = () => strapi.service('api::site-content.site-content');

export default factories.createCoreController('api::site-content.site-content', () => ({
  async find(ctx: Context) {
    reply(ctx, contentAnswerSchema, { content: await siteContent().getContent() });
  },

  /**
   * Updates the content with what the body sends, merged onto what is stored: sections (and fields) the body does
   * not name are kept, never reset to defaults. The back office sends the whole content, which replaces it all.
   */
  async update(ctx: Context) {
    const body = requestBody(ctx);
    if (!isPlainObject(body)) throw badRequest('El cuerpo de la petición debe ser un objeto JSON');
    if (!TOP_LEVEL_KEYS.some((k) => Object.prototype.hasOwnProperty.call(body, k))) {
      throw badRequest('El contenido no tiene ninguna sección reconocida (hero, productCatalog, contact, ...)');
    }
    reply(ctx, contentAnswerSchema, { content: await siteContent().updateContent(body) });
  },
}));
