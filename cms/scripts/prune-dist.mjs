// Removes compiled files whose source is gone (cms/dist/{src,config,database}): tsc never deletes an output, and
// Strapi loads every file of dist/src/api/*/services and dist/src/middlewares, so a moved or deleted source would
// otherwise keep running from an older compile. Run after each compile: `node cms/scripts/prune-dist.mjs`.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cmsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_ENDINGS = ['.ts', '.js', '.json'];

/** The compiled files under `dist/<folder>` with no source under `<folder>`; they are deleted. Returns their paths. */
export function pruneDist(root = cmsDir) {
  const removed = [];
  const walk = (relative) => {
    const compiled = path.join(root, 'dist', relative);
    if (!existsSync(compiled)) return;
    for (const entry of readdirSync(compiled, { withFileTypes: true })) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        walk(child);
        continue;
      }
      const base = path.join(root, child).replace(/\.(js|js\.map|d\.ts)$/, '');
      const json = entry.name.endsWith('.json') && existsSync(path.join(root, child));
      if (json || SOURCE_ENDINGS.some((ending) => existsSync(base + ending))) continue;
      rmSync(path.join(compiled, entry.name));
      removed.push(child);
    }
  };
  for (const folder of ['src', 'config', 'database']) walk(folder);
  return removed;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const removed = pruneDist();
  if (removed.length > 0) console.log(`[cms] removed ${removed.length} compiled file(s) whose source is gone`);
}
