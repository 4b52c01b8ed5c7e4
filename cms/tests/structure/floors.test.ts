import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { backendDomains, filesBelow, isFile, REPO, repoPath, WITHOUT_TYPES } from './paths';

/**
 * The backend's floors (docs/architecture.md, "Floors and events"): the import graph between domains, computed from
 * the code, has no cycle, every arrow goes down a floor, src/utils imports no domain, the map in the document has
 * exactly the code's arrows, and `npm run lint` refuses an upward import and either half of a cycle.
 */
const UTILS = 'utils';
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The domain (or utils) a file of cms/src belongs to, or null (shells, bootstrap, middlewares). */
function ownerOf(relative: string): string | null {
  const parts = relative.split('/');
  if (parts[0] === 'cms' && parts[1] === 'src' && parts[2] === 'domains' && parts.length > 4) return parts[3]!;
  if (parts[0] === 'cms' && parts[1] === 'src' && parts[2] === 'utils' && parts.length > 3) return UTILS;
  return null;
}

/** Where a relative import points: a file (with .ts) or a folder's index.ts. */
function resolved(fromFile: string, specifier: string): string {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  if (isFile(`${base}.ts`)) return `${base}.ts`;
  if (isFile(`${base}/index.ts`)) return `${base}/index.ts`;
  return base;
}

/** importer -> imported, between different domains (and utils), from every .ts file of domains and utils. */
function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const files = [...filesBelow('cms/src/domains'), ...filesBelow('cms/src/utils')].filter((file) => file.endsWith('.ts'));
  for (const file of files) {
    const from = ownerOf(file)!;
    for (const match of readFileSync(repoPath(file), 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? '';
      if (!specifier.startsWith('.')) continue;
      const to = ownerOf(resolved(file, specifier));
      if (to === null || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** A cycle of the graph as a path (first = last), or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

/** "importer --> imported" lines, sorted: the form of the map's arrows in docs/architecture.md. */
const arrowsOf = (graph: Map<string, Set<string>>) =>
  [...graph].flatMap(([from, targets]) => [...targets].map((to) => `${from} --> ${to}`)).sort();

/** The arrows of the document's generated block (between its two markers). */
function documentedArrows(): string[] {
  const text = readFileSync(repoPath('docs/architecture.md'), 'utf8');
  const block = text.split('%% domain-imports:start')[1]?.split('%% domain-imports:end')[0] ?? '';
  return [...block.matchAll(/^\s*([a-z-]+) --> ([a-z-]+)\s*$/gm)].map((m) => `${m[1]} --> ${m[2]}`).sort();
}

describe('the backend’s floors', () => {
  const domains = backendDomains();
  const floorOf = (name: string) => (name === UTILS ? 0 : domains[name]!.floor);
  const graph = importGraph();

  it('gives every domain a floor of 1 or more', () => {
    for (const [name, entry] of Object.entries(domains)) expect(entry.floor, name).toBeGreaterThanOrEqual(1);
  });

  it('has no import cycle between domains (computed from the code)', () => {
    expect(graph.size).toBeGreaterThan(5);
    expect(findCycle(graph)).toBeNull();
  });

  it('finds a cycle when there is one (the check itself)', () => {
    const knot = new Map(graph);
    knot.set('catalogue', new Set([...(graph.get('catalogue') ?? []), 'orders']));
    expect(findCycle(knot)).not.toBeNull();
  });

  it('imports only downwards: every arrow ends on a lower floor, and utils imports no domain', () => {
    const upward = arrowsOf(graph).filter((arrow) => {
      const [from, to] = arrow.split(' --> ') as [string, string];
      return floorOf(to) >= floorOf(from);
    });
    expect(upward).toEqual([]);
    expect([...(graph.get(UTILS) ?? [])]).toEqual([]);
  });

  it('draws in docs/architecture.md exactly the arrows the code has', () => {
    const expected = arrowsOf(graph).filter((arrow) => !arrow.endsWith(`--> ${UTILS}`));
    const block = expected.map((arrow) => `  ${arrow}`).join('\n');
    expect(documentedArrows(), `the block between the domain-imports markers should read:\n${block}`).toEqual(expected);
  });
});

describe('npm run lint keeps the floors', () => {
  const RULE = 'import-x/no-restricted-paths';
  const errorsOf = async (file: string, code: string): Promise<string[]> => {
    const eslint = new ESLint({ cwd: REPO, ruleFilter: ({ ruleId }) => ruleId === RULE, overrideConfig: WITHOUT_TYPES });
    const [result] = await eslint.lintText(code, { filePath: `${REPO}/${file}` });
    return (result?.messages ?? []).filter((message) => message.ruleId === RULE).map((message) => message.message);
  };

  it('refuses an upward import (catalogue importing orders through its index)', async () => {
    const errors = await errorsOf(
      'cms/src/domains/catalogue/product-row.ts',
      "import { getOrder } from '../orders';\nexport const g = getOrder;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('lower floors');
  });

  it('refuses the upward half of a cycle and lets its downward half through', async () => {
    // orders -> payments would close the loop payments -> orders.
    const up = await errorsOf(
      'cms/src/domains/orders/order-read.ts',
      "import { refundOrder } from '../payments';\nexport const r = refundOrder;\n",
    );
    expect(up).toHaveLength(1);
    const down = await errorsOf(
      'cms/src/domains/payments/mercadopago-link.ts',
      "import { getOrder } from '../orders';\nexport const g = getOrder;\n",
    );
    expect(down).toEqual([]);
  });

  it('refuses an import between two domains of one floor (either way would make a cycle possible)', async () => {
    const errors = await errorsOf(
      'cms/src/domains/customers/customer-keys.ts',
      "import { forgetPromotions } from '../promotions';\nexport const f = forgetPromotions;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('refuses a domain import from src/utils', async () => {
    const errors = await errorsOf('cms/src/utils/http.ts', "import { secret } from '../domains/platform';\nexport const s = secret;\n");
    expect(errors.some((message) => message.includes('ground floor'))).toBe(true);
  });
});
