#!/usr/bin/env node
// `npm run dev`: Strapi in develop mode (restarts on cms/src and cms/config changes) and both Vite dev servers
// with hot reload, whose /api, /uploads and /images proxies point at that Strapi (CMS_URL, see the vite configs).
// Ctrl-C stops all three.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import concurrently from 'concurrently';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const cmsPort = process.env.PORT ?? '1337';
const storefrontPort = process.env.STOREFRONT_PORT ?? '5173';
const adminPort = process.env.ADMIN_PORT ?? '5174';

// The cms reads @shop/shared from its build; the Vite apps read its sources directly (hot reload).
const build = spawnSync(npm, ['run', 'build', '--silent', '-w', 'packages/shared'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const env = {
  STRAPI_TELEMETRY_DISABLED: 'true',
  BROWSER: 'none',
  // Strapi's own panel (/cms) is a large Vite build of its own; set SERVE_STRAPI_ADMIN=true to have it in dev too.
  SERVE_STRAPI_ADMIN: 'false',
  ...process.env,
  PORT: cmsPort,
  CMS_URL: process.env.CMS_URL ?? `http://127.0.0.1:${cmsPort}`,
};

console.log(
  `\n▶ API http://localhost:${cmsPort}/api · storefront http://localhost:${storefrontPort}/ · back office http://localhost:${adminPort}/admin/\n`,
);

const { result } = concurrently(
  [
    { name: 'cms', command: 'npm run develop -w cms', env, prefixColor: 'magenta' },
    { name: 'shop', command: `npm run dev -w storefront -- --port ${storefrontPort} --strictPort`, env, prefixColor: 'cyan' },
    { name: 'admin', command: `npm run dev -w admin-panel -- --port ${adminPort} --strictPort`, env, prefixColor: 'yellow' },
  ],
  { cwd: root, killOthersOn: ['failure', 'success'], handleInput: false },
);

result.then(
  () => process.exit(0),
  () => process.exit(1),
);
