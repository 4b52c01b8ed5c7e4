import { z } from 'zod';
import { isPlainObject } from './merge.js';
import { siteContentSchema, type SiteContent } from './site-content.js';

/** A stored value of the site content the shop could not read: where it is and why (Spanish). */
export const contentProblemSchema = z.object({ path: z.string(), message: z.string() });
export type ContentProblem = z.infer<typeof contentProblemSchema>;

/** `checkout.shipping.homeDelivery.zones.1.cost`: the dotted path of a field ('' for the whole object). */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** The first problem of a failed parse, with the field named: "checkout.maxUnitsPerProduct: Debe ser al menos 1". */
export function namedIssue(error: z.ZodError): string {
  const [issue] = error.issues;
  if (!issue) return 'Datos inválidos';
  const path = fieldPath(issue.path);
  return path === '' ? issue.message : `${path}: ${issue.message}`;
}

type Key = string | number;

/** Removes the value at `path` (an array entry is spliced out); false when there was nothing there. */
function removeAt(root: Record<string, unknown>, path: readonly Key[]): boolean {
  let node: unknown = root;
  for (const key of path.slice(0, -1)) {
    if (Array.isArray(node) && typeof key === 'number') node = node[key];
    else if (isPlainObject(node) && typeof key === 'string') node = node[key];
    else return false;
  }
  const last = path[path.length - 1];
  if (Array.isArray(node) && typeof last === 'number' && last < node.length) {
    node.splice(last, 1);
    return true;
  }
  if (isPlainObject(node) && typeof last === 'string' && Object.prototype.hasOwnProperty.call(node, last)) {
    delete node[last];
    return true;
  }
  return false;
}

const MAX_REPAIRS = 200;

/**
 * Reads stored site content field by field: a value the schema refuses falls back to its default (a bad entry of a
 * list is left out) and everything else stays as the owner wrote it. Answers the content and what fell back, so
 * the shop is never blank because of one bad field and the back office can say which values it could not read.
 */
export function readSiteContent(stored: unknown): { content: SiteContent; problems: ContentProblem[] } {
  if (!isPlainObject(stored)) {
    const problems = stored === null || stored === undefined ? [] : [{ path: '', message: 'El contenido guardado no es un objeto JSON' }];
    return { content: siteContentSchema.parse({}), problems };
  }
  const data = structuredClone(stored);
  const problems: ContentProblem[] = [];
  for (let attempt = 0; attempt < MAX_REPAIRS; attempt++) {
    const parsed = siteContentSchema.safeParse(data);
    if (parsed.success) return { content: parsed.data, problems };
    const [issue] = parsed.error.issues;
    if (!issue) break;
    // The value itself, or (a required field that is missing, a rule across fields) the nearest thing that holds it.
    let path = issue.path.filter((k): k is Key => typeof k === 'string' || typeof k === 'number');
    while (path.length > 0 && !removeAt(data, path)) path = path.slice(0, -1);
    if (path.length === 0) break;
    const where = fieldPath(path);
    // A whole entry that had to go replaces the problems already noted inside it.
    const kept = problems.filter((p) => p.path !== where && !p.path.startsWith(`${where}.`));
    problems.splice(0, problems.length, ...kept, { path: where, message: issue.message });
  }
  return { content: siteContentSchema.parse({}), problems: [{ path: '', message: 'El contenido guardado no se pudo leer' }] };
}
