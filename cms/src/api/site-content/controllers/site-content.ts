import type { Context } from 'koa';
import { contentAnswerSchema, isPlainObject, siteContentSchema, staffCan } from '@shop/shared';
import { requireAdmin } from '../../../domains/staff';
import { noteActivity } from '../../../domains/staff';
import { badRequest, reply, requestBody } from '../../../utils/http';
import { factories } from '@strapi/strapi';
import { shopServices } from '../../../domains/platform';

const TOP_LEVEL_KEYS = Object.keys(siteContentSchema.shape);

const siteContent = () => strapi.service('api::site-content.site-content');

export default factories.createCoreController('api::site-content.site-content', () => ({
  async find(ctx: Context) {
    const { content, problems } = await siteContent().readContent();
    const services = shopServices();
    reply(ctx, contentAnswerSchema, problems.length > 0 ? { content, problems, services } : { content, services });
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
    const staff = await requireAdmin(ctx);
    const settings = staffCan(staff.staffRole, 'settings.manage');
    noteActivity(ctx, { summary: TOP_LEVEL_KEYS.filter((k) => Object.prototype.hasOwnProperty.call(body, k)).join(', ') });
    reply(ctx, contentAnswerSchema, {
      content: await siteContent().updateContent(body, { settings, twoFactorEnabled: staff.twoFactorEnabled }),
      services: shopServices(),
    });
  },
}));
