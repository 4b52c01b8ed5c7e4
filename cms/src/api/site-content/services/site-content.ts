import { factories, type Core } from '@strapi/strapi';
import { deepMerge, siteContentSchema, type SiteContent } from '@shop/shared';
import { parseWith } from '../../../utils/http';
import { catalogueChanged } from '../../../utils/catalogue-version';
import { table, writeTransaction } from '../../../utils/db-write';

export const SITE_CONTENT_UID = 'api::site-content.site-content';

interface SiteContentRow {
  id: number;
  data: unknown;
}

/** The store's content with every default filled (also used by orders for shipping costs and the cash fee). */
async function getContent(strapi: Core.Strapi): Promise<SiteContent> {
  const row: SiteContentRow | null = await strapi.db.query(SITE_CONTENT_UID).findOne({ select: ['id', 'data'] });
  const data = row?.data && typeof row.data === 'object' ? row.data : {};
  const parsed = siteContentSchema.safeParse(data);
  return parsed.success ? parsed.data : siteContentSchema.parse({});
}

/** Stores the whole content object (already validated) in the single row of the single type. */
async function saveContent(strapi: Core.Strapi, content: SiteContent): Promise<SiteContent> {
  const query = strapi.db.query(SITE_CONTENT_UID);
  const row: SiteContentRow | null = await query.findOne({ select: ['id'] });
  if (row) await query.update({ where: { id: row.id }, data: { data: content } });
  else await query.create({ data: { data: content, publishedAt: new Date() } });
  // Categories, brand texts and order rules feed the cached answers and page heads.
  await catalogueChanged();
  return content;
}

/**
 * A partial update: the body is deep-merged onto the stored content (objects merged, lists and values replaced),
 * then validated, so sections the body does not name keep what the staff saved. Read, merge and write happen in one
 * transaction that starts by locking the row, so two partial updates at once both land (neither undoes the other).
 */
async function updateContent(strapi: Core.Strapi, patch: unknown): Promise<SiteContent> {
  return writeTransaction(async (trx) => {
    await table(trx, 'site_contents').update({ data: trx.ref('data') });
    const stored = await getContent(strapi);
    return saveContent(strapi, parseWith(siteContentSchema, deepMerge(stored, patch)));
  });
}

export default factories.createCoreService(SITE_CONTENT_UID, ({ strapi }) => ({
  getContent: (): Promise<SiteContent> => getContent(strapi),
  saveContent: (content: SiteContent): Promise<SiteContent> => saveContent(strapi, content),
  updateContent: (patch: unknown): Promise<SiteContent> => updateContent(strapi, patch),
}));
