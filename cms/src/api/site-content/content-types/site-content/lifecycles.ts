import { errors } from '@strapi/utils';
import { namedIssue, siteContentSchema } from '@shop/shared';
import { catalogueChanged } from '../../../../domains/catalogue';

interface WriteEvent {
  params?: { data?: { data?: unknown } };
}

/**
 * Every write of the content, from any path (the shop's API, Strapi's panel at /cms, scripts), is checked by the
 * shared schema: a value the shop could not read (a zone with a negative cost, a barrio in two zones, ...) is
 * refused with the field named, instead of being stored and silently replaced by defaults when read.
 */
function validateContent(event: WriteEvent): void {
  const data = event.params?.data?.data;
  if (data === undefined) return;
  let value: unknown = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      throw new errors.ValidationError('Contenido del sitio inválido: no es JSON');
    }
  }
  const parsed = siteContentSchema.safeParse(value);
  if (!parsed.success) throw new errors.ValidationError(`Contenido del sitio inválido: ${namedIssue(parsed.error)}`);
}

/** Content saved anywhere (the shop's API or Strapi's panel) makes the cached answers and page heads stale. */
export default {
  beforeCreate: validateContent,
  beforeUpdate: validateContent,
  afterCreate: () => catalogueChanged(),
  afterUpdate: () => catalogueChanged(),
};
