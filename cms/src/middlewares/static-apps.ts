import type { Context, Next } from 'koa';
import type { Core } from '@strapi/strapi';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { sendBestEncoding, sendCached } from '../utils/answer-cache';
import { screenModulesOf, storefrontAnswer, type StorefrontSite } from '../domains/storefront-pages/storefront-pages';
import { isFeedPath, sendFeed } from '../domains/catalogue';

/**
 * Serves the two built front ends on the API's origin: the storefront at `/` and the back office at `/admin`.
 * Files are read once at start-up and kept in memory with their gzip and brotli forms, so a request costs no disk
 * or CPU work. Vite's hashed files are cached for a year; index.html is always revalidated (never served stale).
 * Deep links (`/product/x`, `/admin/orders/y`) get the app's index.html when the browser asks for a page; the
 * storefront's shareable pages (home, products, categories) get it with their own head for link previews and search
 * engines, and `/sitemap.xml` and `/robots.txt` are built from the catalogue (utils/storefront-pages.ts).
 */

interface StaticFile {
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  type: string;
  etag: string;
  immutable: boolean;
}

interface App {
  mount: string; // '' for the storefront, '/admin' for the back office
  files: Map<string, StaticFile>;
  index: StaticFile | undefined;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.webmanifest', '.ico']);
// Vite names built files like index-B3x9_kQa.js: the hash makes them safe to cache forever.
const HASHED = /[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/**
 * Where a build keeps its files' gzip and brotli forms between starts (named by the file's SHA-1): brotli at quality 11
 * of both apps took about 6 s of CPU on each start of a slow machine, and the tests start about 150 shops. A build
 * folder the process cannot write (the production image's, root-owned) is compressed in memory at each start.
 */
const COMPRESSED_DIR = '.compressed';

function walk(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === COMPRESSED_DIR) return [];
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full, base) : [path.relative(base, full)];
  });
}

/** Writes a whole file or none (shops starting at once each rename a complete file into place). */
function writeWhole(file: string, data: Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

/** The gzip and brotli forms of `body`, from the build's own folder when an earlier start wrote them. */
function compressedForms(dir: string, body: Buffer, hash: string): { gzip: Buffer; br: Buffer } {
  const folder = path.join(dir, COMPRESSED_DIR);
  const gzipFile = path.join(folder, `${hash}.gz`);
  const brFile = path.join(folder, `${hash}.br`);
  try {
    return { gzip: readFileSync(gzipFile), br: readFileSync(brFile) };
  } catch {
    // not compressed by an earlier start of this build
  }
  const forms = {
    gzip: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  };
  try {
    mkdirSync(folder, { recursive: true });
    writeWhole(gzipFile, forms.gzip);
    writeWhole(brFile, forms.br);
  } catch {
    // a read-only build (the production image): compressed again at the next start
  }
  return forms;
}

function loadApp(dir: string, mount: string): App | null {
  if (!existsSync(path.join(dir, 'index.html'))) return null;
  const files = new Map<string, StaticFile>();
  for (const rel of walk(dir)) {
    const body = readFileSync(path.join(dir, rel));
    const ext = path.extname(rel).toLowerCase();
    const compress = COMPRESSIBLE.has(ext) && body.length > 512;
    const urlPath = `${mount}/${rel.split(path.sep).join('/')}`;
    const sha1 = createHash('sha1').update(body).digest();
    const forms = compress ? compressedForms(dir, body, sha1.toString('hex')) : undefined;
    files.set(urlPath, {
      body,
      gzip: forms?.gzip,
      br: forms?.br,
      type: TYPES[ext] ?? 'application/octet-stream',
      etag: `"${sha1.toString('base64url').slice(0, 27)}"`,
      immutable: rel.startsWith(`assets${path.sep}`) && HASHED.test(rel),
    });
  }
  return { mount, files, index: files.get(`${mount}/index.html`) };
}

function send(ctx: Context, file: StaticFile): void {
  ctx.set('Cache-Control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  ctx.set('ETag', file.etag);
  ctx.set('Vary', 'Accept-Encoding');
  ctx.type = file.type;
  // Already compressed here: keep strapi::compression from doing it again.
  (ctx as Context & { compress?: boolean }).compress = false;
  if (ctx.get('if-none-match') === file.etag) {
    ctx.status = 304;
    return;
  }
  sendBestEncoding(ctx, file);
  ctx.status = 200;
}

function wantsPage(ctx: Context): boolean {
  return ctx.accepts(['html', 'json']) === 'html' && !ctx.get('x-requested-with');
}

/** A build being rewritten while Strapi starts (files vanish between listing and reading) must not stop the API. */
function safeLoadApp(strapi: Core.Strapi, dir: string, mount: string): App | null {
  try {
    return loadApp(dir, mount);
  } catch (err) {
    strapi.log.warn(`[static-apps] could not load ${dir} (${err instanceof Error ? err.message : String(err)}): not served`);
    return null;
  }
}

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  const root = path.resolve(strapi.dirs.app.root, '..');
  const storefront = safeLoadApp(strapi, process.env.STOREFRONT_DIST ?? path.join(root, 'storefront', 'dist'), '');
  const admin = safeLoadApp(strapi, process.env.ADMIN_PANEL_DIST ?? path.join(root, 'admin-panel', 'dist'), '/admin');
  if (!storefront) strapi.log.warn('[static-apps] storefront build not found: run `npm run build` at the repository root');
  if (!admin) strapi.log.warn('[static-apps] admin-panel build not found: run `npm run build` at the repository root');
  const site: StorefrontSite | null = storefront?.index
    ? {
        indexHtml: storefront.index.body.toString('utf8'),
        screens: screenModulesOf(storefront.files.get('/.vite/manifest.json')?.body.toString('utf8') ?? null),
      }
    : null;

  return async (ctx: Context, next: Next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const p = ctx.path;
    if (p.startsWith('/api/') || p === '/api' || p.startsWith('/cms') || p.startsWith('/uploads/')) return next();

    // The catalogue feeds for Meta and Google (utils/catalogue-feeds.ts).
    if (isFeedPath(p)) return sendFeed(ctx, p);

    const inAdmin = p === '/admin' || p.startsWith('/admin/');
    if (!inAdmin) {
      const answer = await storefrontAnswer(ctx, site, wantsPage(ctx));
      if (answer) return sendCached(ctx, answer);
    }
    const app = inAdmin ? admin : storefront;
    if (!app) return next();

    // Vite's build manifest is read here (the screens' chunks), not served.
    const file = p.includes('/.vite/') ? undefined : app.files.get(p);
    if (file && !p.endsWith('/index.html')) return send(ctx, file);
    // Strapi's own panel calls its JSON API under /admin/*: only browser page loads get the back office.
    if (app.index && wantsPage(ctx) && !path.extname(p)) return send(ctx, app.index);
    return next();
  };
};
