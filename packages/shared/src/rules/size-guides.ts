export interface SizeGuideRow {
  size: string;
  measurements: string[];
}

export interface SizeGuideLike {
  category: string;
  enabled?: boolean;
  tableHeaders: string[];
  tableRows: SizeGuideRow[];
}

/** Categories whose products show several guides ('conjuntos' = corpiño + bombacha + bombis). */
export const COMBINED_SIZE_GUIDES: Record<string, readonly string[]> = {
  conjuntos: ['corpiños', 'bombachas', 'bombis'],
};

function categoryKey(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Matches 'corpiño' with 'corpiños', 'Bombacha' with 'bombachas', etc. */
export function sameCategory(a: string, b: string): boolean {
  const ka = categoryKey(a).replace(/s$/, '');
  const kb = categoryKey(b).replace(/s$/, '');
  return ka === kb;
}

/** The enabled guides that apply to a product category, in display order. */
export function sizeGuidesForCategory<G extends SizeGuideLike>(category: string, guides: readonly G[]): G[] {
  const enabled = guides.filter((g) => g.enabled !== false);
  const combined = Object.entries(COMBINED_SIZE_GUIDES).find(([key]) => sameCategory(key, category));
  const wanted = combined ? combined[1] : [category];
  return wanted.flatMap((c) => enabled.filter((g) => sameCategory(g.category, c)));
}

/** Sizes the admin may offer for a category: unique sizes of the rows of its enabled guide(s). */
export function offeredSizes(category: string, guides: readonly SizeGuideLike[]): string[] {
  const sizes = sizeGuidesForCategory(category, guides).flatMap((g) =>
    g.tableRows.map((r) => r.size.trim().toUpperCase()).filter((s) => s !== ''),
  );
  return [...new Set(sizes)];
}

/** Keeps every row's measurement count equal to headers minus one (extra trimmed, missing padded). */
export function fitRowsToHeaders(headers: readonly string[], rows: readonly SizeGuideRow[]): SizeGuideRow[] {
  const count = Math.max(0, headers.length - 1);
  return rows.map((row) => ({
    ...row,
    measurements: Array.from({ length: count }, (_, i) => row.measurements[i] ?? ''),
  }));
}

/** Product sizes may arrive as a list or a comma-separated string; trimmed and upper-cased. */
export function normalizeSizes(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return list
    .filter((s): s is string => typeof s === 'string')
    .map((s) => s.trim().toUpperCase())
    .filter((s) => s !== '');
}
