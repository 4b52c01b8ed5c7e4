// Removes an end-to-end shop's SQLite database and secrets (`node reset-database.mjs [n]`, shop n, default 0), so that
// every run starts from a fresh, freshly seeded shop. The shops' files share e2e/.tmp; each removes only its own.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const n = Number(process.argv[2] ?? 0);
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.tmp');
mkdirSync(dir, { recursive: true });
const base = n === 0 ? 'shop-e2e.db' : `shop-e2e-${n}.db`;
const env = n === 0 ? '.env' : `.env-${n}`;
for (const name of readdirSync(dir)) {
  if (name === env || name === base || name.startsWith(`${base}-`)) rmSync(path.join(dir, name), { recursive: true, force: true });
}
console.log(`fresh e2e database for shop ${n}: ${path.join(dir, base)}`);
