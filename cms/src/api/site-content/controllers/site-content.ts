import type { Context } from 'koa';
import { siteContentSchema } from '@shop/shared';
import { badRequest, parseWith, requestBody } from '../../../utils/http';
import { getContent, saveContent } from '../services/site-content';

const TOP_LEVEL_KEYS = Object.keys(siteContentSchema.shape);

export default {
  async find(ctx: Context) {
    ctx.body = { content: await getContent(strapi) };
  },

  /** Replaces the whole content; a body with none of the content's sections is refused rather than wiping everything. */
  async update(ctx: Context) {
    const body = requestBody(ctx);
    if (body && typeof body === 'object' && !Array.isArray(body) && !TOP_LEVEL_KEYS.some((k) => k in body)) {
      throw badRequest('El contenido no tiene ninguna sección reconocida (hero, productCatalog, contact, ...)');
    }
    const content = parseWith(siteContentSchema, body);
    ctx.body = { content: await saveContent(strapi, content) };
  },
};
