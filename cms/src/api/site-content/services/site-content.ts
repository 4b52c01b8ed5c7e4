import { factories, type Core } from '@strapi/strapi';
import { deepMerge, LEGACY_MEETING_POINT_ID, siteContentSchema, type SiteContent } from '@shop/shared';
import { parseWith } from '../../../utils/http';
import { catalogueChanged, currentGeneration, ensureFreshCatalogue, onCatalogueChange } from '../../../utils/catalogue-version';
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

/** The content as last read by this process, until the catalogue (content included) changes anywhere. */
let cached: { generation: number; content: Promise<SiteContent> } | null = null;
onCatalogueChange(() => {
  cached = null;
});

/**
 * The content from memory (the public quote reads it on every cart change): read once per change of the catalogue,
 * on this process or another (see catalogue-version.ts). Orders read it fresh (getContent).
 */
async function cachedContent(strapi: Core.Strapi): Promise<SiteContent> {
  const check = ensureFreshCatalogue();
  if (check) await check;
  const generation = currentGeneration();
  if (cached && cached.generation === generation) return cached.content;
  const content = getContent(strapi);
  cached = { generation, content };
  content.catch(() => {
    if (cached?.content === content) cached = null;
  });
  return content;
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Content written before there were several meeting points has the single `checkout.deliveryInfo.meetingPoint`
 * only: it becomes the first entry of `meetingPoints` (same title, address, schedule and notes), once. The stored
 * object is changed only there, so nothing else the owner wrote moves. True when it migrated something.
 */
async function migrateMeetingPoints(strapi: Core.Strapi): Promise<boolean> {
  return writeTransaction(async (trx) => {
    await table(trx, 'site_contents').update({ data: trx.ref('data') });
    const row: SiteContentRow | null = await strapi.db.query(SITE_CONTENT_UID).findOne({ select: ['id', 'data'] });
    const data: unknown = typeof row?.data === 'string' ? JSON.parse(row.data) : row?.data;
    if (!row || !isRecord(data) || !isRecord(data.checkout) || !isRecord(data.checkout.deliveryInfo)) return false;
    const info = data.checkout.deliveryInfo;
    if (info.meetingPoints !== undefined) return false;
    const legacy = isRecord(info.meetingPoint) ? info.meetingPoint : {};
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const hasPlace = text(legacy.title) !== '' || text(legacy.address) !== '';
    info.meetingPoints = hasPlace
      ? [
          {
            id: LEGACY_MEETING_POINT_ID,
            title: text(legacy.title),
            address: text(legacy.address),
            schedule: text(legacy.schedule),
            notes: text(legacy.notes),
            enabled: true,
          },
        ]
      : [];
    await strapi.db.query(SITE_CONTENT_UID).update({ where: { id: row.id }, data: { data } });
    return true;
  });
}

export default factories.createCoreService(SITE_CONTENT_UID, ({ strapi }) => ({
  getContent: (): Promise<SiteContent> => getContent(strapi),
  cachedContent: (): Promise<SiteContent> => cachedContent(strapi),
  saveContent: (content: SiteContent): Promise<SiteContent> => saveContent(strapi, content),
  updateContent: (patch: unknown): Promise<SiteContent> => updateContent(strapi, patch),
  migrateMeetingPoints: (): Promise<boolean> => migrateMeetingPoints(strapi),
}));
