import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { backendDomains, filesBelow, isFile, repoPath } from './paths';

const folders = (relative: string) =>
  readdirSync(repoPath(relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const SOURCE_ROOTS = ['cms/src', 'packages/shared/src', 'packages/client-kit/src', 'storefront/src', 'admin-panel/src'];
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes('/test/');
/** Generated or data-only files that may be long: the icon map (packages/icons) is not under these roots. */
const MAX_LINES = 300;

describe('the backend by domain', () => {
  const domains = backendDomains();

  it('gives every domain a folder with an index.ts, and every folder of src/domains is a domain', () => {
    expect(folders('cms/src/domains').sort()).toEqual(Object.keys(domains).sort());
    for (const name of Object.keys(domains)) expect(isFile(`cms/src/domains/${name}/index.ts`), name).toBe(true);
  });

  it('puts every Strapi API folder and every middleware in exactly one domain', () => {
    const apiOwners = Object.values(domains).flatMap((domain) => domain.api);
    expect([...apiOwners].sort()).toEqual(folders('cms/src/api').sort());
    const middlewares = readdirSync(repoPath('cms/src/middlewares')).map((file) => file.replace(/\.ts$/, ''));
    expect(
      Object.values(domains)
        .flatMap((domain) => domain.middlewares)
        .sort(),
    ).toEqual(middlewares.sort());
  });

  it('keeps at most 10 shared helpers in cms/src/utils', () => {
    expect(readdirSync(repoPath('cms/src/utils')).length).toBeLessThanOrEqual(10);
  });

  it('leaves only the index at the top of @shop/shared, every rule in a folder', () => {
    const topFiles = readdirSync(repoPath('packages/shared/src'), { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
    expect(topFiles).toEqual(['index.ts']);
  });

  it(`keeps every source file at ${MAX_LINES} lines or fewer`, () => {
    const long = SOURCE_ROOTS.flatMap(filesBelow)
      .filter((file) => /\.(ts|tsx|css)$/.test(file) && !isTest(file))
      .map((file) => ({ file, lines: readFileSync(repoPath(file), 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});

describe('docs/architecture.md', () => {
  const text = readFileSync(repoPath('docs/architecture.md'), 'utf8');

  it('opens with the map: one Mermaid diagram of the domains, apps and shared packages', () => {
    const firstSection = text.split('\n## ')[1] ?? '';
    expect(firstSection).toMatch(/^The map/);
    expect(firstSection).toContain('```mermaid');
    for (const name of Object.keys(backendDomains())) expect(firstSection, name).toContain(name);
    for (const part of ['storefront', 'admin-panel', '@shop/shared', 'client-kit']) expect(firstSection).toContain(part);
  });

  it('answers "where is…" with one path that exists per question', () => {
    const table = text.split('### Where is…')[1]?.split('\n\n')[1] ?? '';
    const rows = table.split('\n').filter((line) => line.startsWith('|') && !/^\|\s*(-|where)/i.test(line));
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const row of rows) {
      const paths = [...row.matchAll(/`([^`]+)`/g)].map((match) => match[1]!.replace(/#.*$/, ''));
      expect(paths, row).toHaveLength(1);
      expect(isFile(paths[0]!), paths[0]).toBe(true);
    }
  });
});
