import type { Context } from 'koa';
import { isPlainObject, siteContentSchema } from '@shop/shared';
import { badRequest, requestBody } from '../../../utils/http';
import { getContent, updateContent } from '../services/site-content';

const TOP_LEVEL_KEYS = Object.keys(siteContentSchema.shape);

export default {
  async find(ctx: Context) {
    ctx.body = { content: await getContent(strapi) };
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
    ctx.body = { content: await updateContent(strapi, body) };
  },
};
