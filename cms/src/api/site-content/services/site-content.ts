import { factories, type Core } from '@strapi/strapi';
import { z } from 'zod';
import {
  deepMerge,
  firstIssueMessage,
  LEGACY_MEETING_POINT_ID,
  readSiteContent,
  siteContentWriteSchema,
  type ContentProblem,
  type SiteContent,
} from '@shop/shared';
import { badRequest, forbidden } from '../../../utils/http';
import { catalogueChanged, checkCatalogueNow, ensureFreshCatalogue, settingsGeneration } from '../../../domains/catalogue';
import { onCurrentConnection, table, writeTransaction } from '../../../utils/db-write';

export const SITE_CONTENT_UID = 'api::site-content.site-content';

const TWO_FACTOR_FIRST = 'Activá primero tu propia verificación en dos pasos («Mi cuenta») y después exigila al equipo';
const SETTINGS_OWNER_ONLY =
  'Los medios de pago, los datos bancarios y la seguridad de la tienda solo los cambia la dueña o dueño de la tienda';

interface SiteContentRow {
  id: number;
  data: unknown;
}

type ContentRead = { content: SiteContent; problems: ContentProblem[] };

/**
 * The stored value as its text, '' when there is none: SQLite keeps JSON as text, and PostgreSQL is asked for the
 * text of its jsonb (`data::text`), so every checkout's read neither parses nor serialises the whole content.
 */
async function storedText(strapi: Core.Strapi): Promise<string> {
  const data = strapi.db.dialect.client === 'postgres' ? strapi.db.connection.raw('??::text as data', ['data']) : 'data';
  const row: unknown = await onCurrentConnection((knex) => table(knex, 'site_contents').orderBy('id', 'asc').first(data));
  const value = typeof row === 'object' && row !== null && 'data' in row ? row.data : null;
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function parsedContent(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The last stored text read and what it gave. Every checkout reads the content fresh (one small query), but checking
 * and filling in every field again costs milliseconds: the same text gives the same content, so that work is done
 * once per stored version. The result is never modified by its readers (they copy what they change).
 */
let lastRead: { text: string; read: ContentRead } | null = null;

/**
 * The store's content with every default filled, read field by field: a stored value the shop cannot read shows its
 * default and is listed in `problems` (the rest stays the owner's; the shop is never blank because of one field).
 */
async function readContent(strapi: Core.Strapi): Promise<ContentRead> {
  const text = await storedText(strapi);
  if (lastRead?.text === text) return lastRead.read;
  const result = readSiteContent(parsedContent(text));
  lastRead = { text, read: result };
  if (result.problems.length > 0) {
    const where = result.problems.map((p) => p.path || '(todo)').join(', ');
    strapi.log.warn(`[content] stored site content has values the shop cannot read (defaults shown): ${where}`);
  }
  return result;
}

/** The content with every default filled (also used by orders for shipping costs and the cash fee). */
async function getContent(strapi: Core.Strapi): Promise<SiteContent> {
  return (await readContent(strapi)).content;
}

/** The content as last read by this process, until the catalogue (content included) changes anywhere. */
let cached: { generation: number; read: Promise<ContentRead> } | null = null;

/** Forgets the cached content (a change of scope 'all' of the catalogue: bootstrap/subscribers.ts). */
export function forgetCachedContent(): void {
  cached = null;
}

/**
 * The content from memory (the public quote reads it on every cart change, the health check for its problems):
 * read once per change of the catalogue, on this process or another (see catalogue-version.ts). Orders read it
 * fresh (getContent).
 */
async function cachedRead(strapi: Core.Strapi): Promise<ContentRead> {
  const check = ensureFreshCatalogue();
  if (check) await check;
  const generation = settingsGeneration();
  if (cached && cached.generation === generation) return cached.read;
  const read = readContent(strapi);
  cached = { generation, read };
  read.catch(() => {
    if (cached?.read === read) cached = null;
  });
  return read;
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

const spanish = z.locales.es().localeError;

/** Zod's own Spanish message with the field named ("returns.windowDays: Demasiado pequeño: …"); schemas' own messages stay. */
function namedSpanishError(issue: Parameters<typeof spanish>[0]): string | undefined {
  const answer = spanish(issue);
  const message = typeof answer === 'string' ? answer : answer?.message;
  const path = (issue.path ?? []).map(String).join('.');
  return message && path ? `${path}: ${message}` : message;
}

/**
 * The merged content checked strictly (siteContentWriteSchema): a setting out of range or of the wrong type is a
 * Spanish 400 naming the field, never replaced by its default; nothing is saved.
 */
function parseContentWrite(value: unknown): SiteContent {
  const result = siteContentWriteSchema.safeParse(value, { error: namedSpanishError });
  if (!result.success) {
    throw badRequest(firstIssueMessage(result.error), {
      errors: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  return result.data;
}

/**
 * A partial update: the body is deep-merged onto the stored content (objects merged, lists and values replaced),
 * then validated, so sections the body does not name keep what the staff saved. Read, merge and write happen in one
 * transaction that starts by locking the row, so two partial updates at once both land (neither undoes the other).
 */
async function updateContent(
  strapi: Core.Strapi,
  patch: unknown,
  allowed: { settings: boolean; twoFactorEnabled?: boolean },
): Promise<SiteContent> {
  return writeTransaction(async (trx) => {
    await table(trx, 'site_contents').update({ data: trx.ref('data') });
    // Merged onto what is stored, not onto the defaults shown for values that could not be read: a save that does
    // not replace such a value is refused with its field named, never written over with a default.
    const stored = parsedContent(await storedText(strapi));
    const merged = parseContentWrite(deepMerge(isRecord(stored) ? stored : {}, patch));
    const before = readSiteContent(stored).content;
    if (!allowed.settings) {
      // Payment methods and bank details belong to the owner: other roles may save everything else around them.
      const owners = (c: SiteContent) => JSON.stringify([c.checkout.paymentInfo, c.security]);
      if (owners(before) !== owners(merged)) throw forbidden(SETTINGS_OWNER_ONLY);
    }
    // Whoever requires two-factor sign-in has it already: the owner never locks herself out of her own shop.
    if (merged.security.requireTwoFactor && !before.security.requireTwoFactor && allowed.twoFactorEnabled === false) {
      throw badRequest(TWO_FACTOR_FIRST);
    }
    return saveContent(strapi, merged);
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
  readContent: () => readContent(strapi),
  cachedContent: async (): Promise<SiteContent> => (await cachedRead(strapi)).content,
  /**
   * The cached content, after reading the shared version row now (one small statement): a change saved by any process
   * counts at once, without reading and checking the whole content again. The checkout's options use it.
   */
  currentContent: async (): Promise<SiteContent> => {
    await checkCatalogueNow();
    return (await cachedRead(strapi)).content;
  },
  cachedRead: (): Promise<ContentRead> => cachedRead(strapi),
  saveContent: (content: SiteContent): Promise<SiteContent> => saveContent(strapi, content),
  updateContent: (patch: unknown, allowed = { settings: true }): Promise<SiteContent> => updateContent(strapi, patch, allowed),
  migrateMeetingPoints: (): Promise<boolean> => migrateMeetingPoints(strapi),
}));
