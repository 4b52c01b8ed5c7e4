// Removes the end-to-end SQLite database so that every run starts from a fresh, freshly seeded shop.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.tmp');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
console.log(`fresh e2e database folder: ${dir}`);
