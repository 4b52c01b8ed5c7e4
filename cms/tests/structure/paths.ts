import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, from this file (cms/tests/structure). */
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const repoPath = (...parts: string[]) => path.join(REPO, ...parts);

/** Every file below a folder of the repository, as paths relative to the repository (no node_modules, no dist). */
export function filesBelow(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(repoPath(dir), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const child = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(child);
      else found.push(child);
    }
  };
  walk(folder);
  return found;
}

export const isFile = (relative: string) => {
  try {
    return statSync(repoPath(relative)).isFile() || statSync(repoPath(relative)).isDirectory();
  } catch {
    return false;
  }
};

export interface DomainEntry {
  /** 1 and up; a domain imports only domains on lower floors (0: src/utils and @shop/shared). */
  floor: number;
  summary: string;
  api: string[];
  middlewares: string[];
}

/** cms/src/domains/domains.json without its comment. */
export function backendDomains(): Record<string, DomainEntry> {
  const raw = JSON.parse(readFileSync(repoPath('cms/src/domains/domains.json'), 'utf8')) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(raw).filter(([name]) => !name.startsWith('$'))) as Record<string, DomainEntry>;
}

/**
 * For a test that lints text with one rule of the repository's ESLint config that needs no type information (the
 * import boundaries): the same config, without building the TypeScript program of the file's project first (about
 * 4.5 s of CPU a test file, for rules that never read it).
 */
export const WITHOUT_TYPES = { languageOptions: { parserOptions: { projectService: false, project: null } } };
