import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { isOrderStatus, type OrderStatus } from '@shop/shared';
import { ApiError } from '../utils/http';
import { withCommitScope } from '../utils/events';
import { asShopWrite, isShopWrite } from '../utils/shop-write';
import { ORDER_UID, deleteOrder, findOrderDocument, recordStatusChange, type Actor } from '../domains/orders';
import { refreshCustomerKey } from '../domains/customers';
import { BOOKKEEPING_TYPES, ORDER_READ_ONLY, PRODUCT_READ_ONLY } from './panel-read-only';

/**
 * Strapi's own panel (/cms) writes through the Document Service, never through the shop's controllers. The rules
 * that keep the shop's data whole are therefore also here, around every document write (the panel, scripts):
 * - an order's bookkeeping (number, lines, totals, reservation, stock returned, proof, delivery snapshot) is read-only;
 * - a change of an order's status moves stock exactly as the back office's does (cancel gives units back once,
 *   reopening takes them again) and, like a change of its notes, is written in the order's history naming the
 *   panel user; the shopper gets the same e-mail;
 * - deleting an order from the panel gives its units back first, like the back office;
 * - orders are born at checkout only (the panel cannot create one: no stock would be taken, no number given);
 * - the shop's bookkeeping types (outbox, idempotency keys, order numbers, proofs, history) are hidden from the
 *   panel and refuse its writes.
 * Products keep their stock rules in their lifecycles (src/api/product/content-types/product/lifecycles.ts), which
 * also cover the shop's own queries; site content is validated in its lifecycles on every write.
 */

const PANEL_NOTE = 'panel /cms';

interface PanelUser {
  id?: unknown;
  firstname?: unknown;
  lastname?: unknown;
  email?: unknown;
}

/**
 * The signed-in user of Strapi's panel when the current request is the panel's own write of a document of this type
 * (its content-manager routes name the type). The shop's writes that follow from it (an order's history entry,
 * its stock) name other types and pass.
 */
function panelUser(uid: string): PanelUser | null {
  const ctx = strapi.requestContext.get();
  if (!ctx || !ctx.path.startsWith('/content-manager/')) return null;
  let path = ctx.path;
  try {
    path = decodeURIComponent(ctx.path);
  } catch {
    // keep the raw path
  }
  if (!path.split('/').includes(uid)) return null;
  const user: unknown = ctx.state?.user;
  return typeof user === 'object' && user !== null ? user : {};
}

/** "Ana Pérez (ana@example.com) · panel /cms": who did it, as the order's history shows it. */
export function panelActor(user: PanelUser): Actor {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const name = [text(user.firstname), text(user.lastname)].filter(Boolean).join(' ');
  const email = text(user.email);
  const who = name && email ? `${name} (${email})` : name || email || 'Usuario del panel';
  return { kind: 'staff', id: null, name: `${who} · ${PANEL_NOTE}`, email: email || null };
}

function refuse(message: string): never {
  throw new errors.ValidationError(message);
}

/** Who wrote, in an order's history, when it was not the panel: a script (`strapi console`, a custom task). */
export const SCRIPT_ACTOR: Actor = { kind: 'system', id: null, name: 'Script (Document Service de Strapi)' };

const has = (data: Record<string, unknown>, key: string) => Object.prototype.hasOwnProperty.call(data, key);

/** Comparable form of a stored or submitted value (dates as instants, components without their ids, '' as null). */
function comparable(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value)) {
    const time = Date.parse(value);
    return Number.isNaN(time) ? value : time;
  }
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  if (Array.isArray(value)) return value.map(comparable);
  if (typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([k]) => k !== 'id' && k !== '__component' && k !== '__temp_key__' && k !== 'documentId')
      .map(([k, v]) => [k, comparable(v)] as const)
      .filter(([, v]) => v !== null)
      .sort(([a], [b]) => a.localeCompare(b));
    return Object.fromEntries(entries);
  }
  return value;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(comparable(a)) === JSON.stringify(comparable(b));
}

/** Text of a submitted notes field ('' and null both mean "no notes"). */
const notesText = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** The panel's own error for a shop refusal (a 409 "not enough stock to reopen", say), so it shows the message. */
async function asPanelError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ApiError) refuse(err.message);
    throw err;
  }
}

type DocumentContext = { uid: string; action: string; params: Record<string, unknown> };
type Next = () => ReturnType<Parameters<Parameters<Core.Strapi['documents']['use']>[0]>[1]>;
type Answer = Promise<Awaited<ReturnType<Next>>>;

/** An order edited in the panel (or a script): read-only fields refused, status and notes through the shop's own change. */
async function updateOrderFromPanel(ctx: DocumentContext, next: Next, actor: Actor): Answer {
  const documentId = typeof ctx.params.documentId === 'string' ? ctx.params.documentId : '';
  const data = typeof ctx.params.data === 'object' && ctx.params.data !== null ? (ctx.params.data as Record<string, unknown>) : {};
  const current: unknown = await strapi.db.query(ORDER_UID).findOne({ where: { documentId }, populate: ['items'] });
  if (typeof current !== 'object' || current === null) return next();
  const stored = current as Record<string, unknown>;
  for (const field of ORDER_READ_ONLY) {
    if (!has(data, field)) continue;
    if (!sameValue(data[field], stored[field])) {
      refuse(`${field}: es un dato que lleva la tienda (solo lectura en /cms). Cambialo desde el panel de la tienda (/admin).`);
    }
    delete data[field];
  }
  const status: OrderStatus = isOrderStatus(stored.orderStatus) ? stored.orderStatus : 'pending_manual';
  const statusChanged = has(data, 'orderStatus') && data.orderStatus !== status;
  if (statusChanged && !isOrderStatus(data.orderStatus)) refuse('orderStatus: estado de orden inválido');
  const adminNotes = has(data, 'adminNotes') ? notesText(data.adminNotes) : undefined;
  const adminNotesChanged = adminNotes !== undefined && adminNotes !== notesText(stored.adminNotes);
  const shopperNotes = has(data, 'notes') ? notesText(data.notes) : undefined;
  const shopperNotesChanged = shopperNotes !== undefined && shopperNotes !== notesText(stored.notes);
  const to: OrderStatus = statusChanged && isOrderStatus(data.orderStatus) ? data.orderStatus : status;
  delete data.orderStatus;
  delete data.adminNotes;
  // One transaction for the whole save: the shop's status change (stock, history, the shopper's e-mail in the outbox)
  // and Strapi's own write of the other fields. When Strapi then refuses the form (a required field emptied, say),
  // nothing of it stays: no order cancelled behind a 400, no units returned, no e-mail queued. The catalogue's
  // caches hear of the stock change only after the commit.
  const saved = await withCommitScope(() =>
    strapi.db.transaction(async () => {
      if (statusChanged || adminNotesChanged) {
        // '' stands for cleared notes: the change is still written in the history.
        const update = { status: to, ...(adminNotesChanged ? { adminNotes: adminNotes ?? '' } : {}) };
        await asPanelError(() => strapi.service('api::order.order').changeStatusBy(documentId, update, actor));
      }
      const result = await next();
      if (shopperNotesChanged) {
        const note = `Nota de la compra corregida en /cms: ${shopperNotes ?? '(vacía)'}`;
        await recordStatusChange({ orderDocumentId: documentId, from: to, to, by: actor, note, at: new Date() });
      }
      return result;
    }),
  );
  // A contact corrected in /cms may make the order another customer's (after the commit: its own statements).
  await refreshCustomerKey(documentId);
  return saved;
}

async function orderRules(ctx: DocumentContext, next: Next, actor: Actor): Answer {
  if (ctx.action === 'create' || ctx.action === 'clone') {
    refuse('Las órdenes nacen en el checkout de la tienda: creadas desde /cms no reservarían stock ni tendrían número.');
  }
  if (ctx.action === 'update') return updateOrderFromPanel(ctx, next, actor);
  if (ctx.action === 'delete') {
    const documentId = typeof ctx.params.documentId === 'string' ? ctx.params.documentId : '';
    if (!(await findOrderDocument(documentId))) return next();
    // The back office's delete: an active order gives its units back first, and its history goes with it.
    await asPanelError(() => asShopWrite(() => deleteOrder(documentId, actor)));
    return { documentId, entries: [] };
  }
  return next();
}

const WRITE_ACTIONS = new Set(['create', 'update', 'delete', 'clone', 'publish', 'unpublish', 'discardDraft']);

/**
 * Every Document Service write of an order or of the shop's bookkeeping that is not the shop's own (src/utils/
 * shop-write.ts) obeys the rules above: Strapi's panel, named in the history by its signed-in user, and scripts.
 */
export function registerPanelRules(strapi: Core.Strapi): void {
  strapi.documents.use(async (ctx, next) => {
    if (!WRITE_ACTIONS.has(ctx.action) || isShopWrite()) return next();
    const bookkeeping = (BOOKKEEPING_TYPES as readonly string[]).includes(ctx.uid);
    if (!bookkeeping && ctx.uid !== ORDER_UID) return next();
    if (bookkeeping) refuse('Este tipo de contenido es contabilidad interna de la tienda: no se edita desde /cms.');
    const user = panelUser(ctx.uid);
    const context: DocumentContext = { uid: ctx.uid, action: ctx.action, params: ctx.params as Record<string, unknown> };
    return orderRules(context, next, user ? panelActor(user) : SCRIPT_ACTOR);
  });
}

interface PanelFieldMetadata {
  edit?: { editable?: boolean; description?: string };
}

interface PanelConfiguration {
  metadatas?: Record<string, PanelFieldMetadata>;
}

interface ContentTypesService {
  findConfiguration(contentType: { uid: string }): Promise<PanelConfiguration>;
  updateConfiguration(contentType: { uid: string }, configuration: PanelConfiguration): Promise<unknown>;
}

const READ_ONLY_NOTE = 'Solo lectura: lo lleva la tienda (ver "Fixing data in /cms" en el README).';

/**
 * Marks the fields the shop computes or keeps as read-only in the panel's edit views (Strapi keeps these views in
 * its store, so this runs at every start: a view someone reconfigured gets its read-only fields back).
 */
export async function configurePanelViews(strapi: Core.Strapi): Promise<void> {
  const service = strapi.plugin('content-manager')?.service('content-types') as ContentTypesService | undefined;
  if (!service) return;
  const views: Array<[string, readonly string[]]> = [
    [ORDER_UID, ORDER_READ_ONLY],
    ['api::product.product', PRODUCT_READ_ONLY],
  ];
  for (const [uid, fields] of views) {
    const configuration = await service.findConfiguration({ uid });
    const metadatas = configuration.metadatas ?? {};
    let changed = false;
    for (const field of fields) {
      const edit = (metadatas[field] ??= {}).edit ?? {};
      if (edit.editable === false && edit.description === READ_ONLY_NOTE) continue;
      metadatas[field] = { ...metadatas[field], edit: { ...edit, editable: false, description: READ_ONLY_NOTE } };
      changed = true;
    }
    if (changed) await service.updateConfiguration({ uid }, { ...configuration, metadatas });
  }
}
