import { fitRowsToHeaders, type ContentAnswer, type ContentProblem, type SiteContent, type SizeGuide } from '@shop/shared';
import { ApiError } from '@shop/client-kit';

export type ContentEdit = (change: (draft: SiteContent) => void) => void;

/** What every tab of the editor gets: the draft, its editor, and the content as last loaded from the server. */
export interface ContentTabProps {
  content: SiteContent;
  edit: ContentEdit;
  saved: SiteContent;
  /** What the server can offer beyond the content (`services` of `GET /content`; absent from older servers). */
  services?: ContentAnswer['services'];
}

/**
 * Field setters for one part of the draft: `const set = draftSetter(edit, (d) => d.hero)` and then
 * `onChange={set('slogan')}` writes the new value into that part of a fresh draft.
 */
export function draftSetter<Part extends object>(edit: ContentEdit, part: (draft: SiteContent) => Part) {
  return <Key extends keyof Part>(key: Key) =>
    (value: Part[Key]) =>
      edit((draft) => {
        part(draft)[key] = value;
      });
}

type Catalog = SiteContent['productCatalog'];
type Contact = SiteContent['contact'];
type Detail = SiteContent['productDetail'];

/** What an item added in the content editor starts with. */
export const newItems = {
  category: (): Catalog['categories'][number] => ({ name: '', display_name: '' }),
  value: () => ({ icon: 'Info', title: '', description: '' }),
  infoCard: (): Detail['infoCards'][number] => ({ icon: 'Info', title: '', description: '', enabled: true }),
  expandableSection: (now: number = Date.now()): Detail['expandableSections'][number] => ({
    id: `section-${now}`,
    title: '',
    content: '',
    enabled: true,
  }),
  contactInfo: (): Contact['contactInfo'][number] => ({ icon: 'Info', title: '', details: [''], description: '' }),
  social: (): Contact['socialMedia'][number] => ({ icon: 'Globe', name: '', handle: '', link: '' }),
  sizeGuide: (): SizeGuide => ({
    category: '',
    title: 'Nueva Guía de Tallas',
    subtitle: 'Encuentra tu talla perfecta',
    enabled: true,
    tableHeaders: ['Talla', 'Medida 1', 'Medida 2'],
    tableRows: [],
    notes: '',
  }),
  sizeRow: (guide: Pick<SizeGuide, 'tableHeaders'>): SizeGuide['tableRows'][number] => ({
    size: '',
    measurements: Array.from({ length: Math.max(0, guide.tableHeaders.length - 1) }, () => ''),
  }),
};

/** Editing headers keeps every row's measurements equal to headers minus one (shared rule). */
export function withHeaders(guide: SizeGuide, headers: string[]): SizeGuide {
  return { ...guide, tableHeaders: headers, tableRows: fitRowsToHeaders(headers, guide.tableRows) };
}

/**
 * Removes one measurement column (index >= 1 in the headers; column 0 is the size) together with
 * that column's values, then applies the same headers-minus-one rule.
 */
export function withoutColumn(guide: SizeGuide, index: number): SizeGuide {
  if (index < 1 || index >= guide.tableHeaders.length) return guide;
  const headers = removeAt(guide.tableHeaders, index);
  const rows = guide.tableRows.map((row) => ({ ...row, measurements: removeAt(row.measurements, index - 1) }));
  return { ...guide, tableHeaders: headers, tableRows: fitRowsToHeaders(headers, rows) };
}

/** Numeric content fields: minimum 0; anything non-numeric becomes 0. */
export function toAmount(value: string): number {
  const n = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(n)) return 0;
  return Math.max(0, Math.round(n));
}

/**
 * "<lead>: <the server's message>" ("<lead.> <message>" when the lead is a sentence) when the server answered; the
 * fallback when it could not be reached.
 */
export function failureText(error: unknown, lead: string, fallback: string): string {
  if (!(error instanceof ApiError) || error.status === undefined) return fallback;
  return lead.endsWith('.') ? `${lead} ${error.message}` : `${lead}: ${error.message}`;
}

type PathKey = string | number;

function pathKeys(path: string): PathKey[] {
  return path.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k));
}

function valueAt(root: unknown, keys: readonly PathKey[]): unknown {
  let node = root;
  for (const key of keys) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<PathKey, unknown>)[key];
  }
  return node;
}

/**
 * The part of the content an unreadable stored value lives in, as the save sends it: the field itself, or the whole
 * list holding it (a bad entry of a list is left out when read, so the list shown is not the one stored).
 */
function sentPath(path: string): PathKey[] {
  const keys = pathKeys(path);
  const firstIndex = keys.findIndex((k) => typeof k === 'number');
  return firstIndex === -1 ? keys : keys.slice(0, firstIndex);
}

/**
 * What the editor saves. Values the server could not read are shown with their defaults; unless the staff changed
 * them here (or chose to replace them), they are left out of the save, so the server keeps the stored value and
 * never gets a default written over it (it then refuses the save, naming the field to fix).
 */
export function contentToSave(
  draft: SiteContent,
  loaded: SiteContent,
  unreadable: readonly ContentProblem[],
  replaceUnreadable: boolean,
): Record<string, unknown> {
  const body: Record<string, unknown> = structuredClone(draft);
  if (replaceUnreadable) return body;
  for (const problem of unreadable) {
    const keys = sentPath(problem.path);
    if (keys.length === 0) continue;
    if (JSON.stringify(valueAt(draft, keys)) !== JSON.stringify(valueAt(loaded, keys))) continue;
    const parent = valueAt(body, keys.slice(0, -1));
    const last = keys[keys.length - 1];
    if (typeof parent === 'object' && parent !== null && last !== undefined) delete (parent as Record<PathKey, unknown>)[last];
  }
  return body;
}

/** Immutable update helper for list items. */
export function replaceAt<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((x, i) => (i === index ? item : x));
}

export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
