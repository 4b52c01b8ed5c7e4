#!/usr/bin/env node
// The production image without a container engine.
//   1. Static: parses Dockerfile and .dockerignore. The image is built on a supported Node LTS (the root
//      package.json engines include it); its final stage copies only runtime files from a stage that dropped the
//      devDependencies (never the whole build tree), installs no toolchain and runs as the unprivileged `node` user;
//      no ENV/ARG carries a secret; .dockerignore keeps every .env (and the CMS's) out of the build context.
//   2. Replay (skipped with --static): assembles the final stage's files in a temp directory with the Dockerfile's
//      own instructions — the build stage stands for the .dockerignore-filtered repository plus its installed
//      dependencies and builds; the prune stage's RUN commands run as written; the final stage's COPY/RUN are
//      replayed — checks what the tree holds, then starts the shop from it as the image would (its ENV, its CMD,
//      uid 1000 when run as root) in production mode on a fresh PostgreSQL database.
// Options: --static, --dockerfile <path>, --dockerignore <path>. Needs the builds (`npm run build`) and, for the
// replay, PostgreSQL (TEST_PG_ADMIN_URL) and Redis (REDIS_URL, default redis://127.0.0.1:6379).
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dockerignoreMatcher, parseCopy, parseDockerfile, parseEnv, rangeAcceptsMajor } from './lib/dockerfile.mjs';
import { checker, composeAppEnv, composeSecrets, freePort, startShop, stop, throwawayDatabase, waitHealthy } from './lib/shop-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const dockerfilePath = path.resolve(option('--dockerfile') ?? path.join(root, 'Dockerfile'));
const dockerignorePath = path.resolve(option('--dockerignore') ?? path.join(root, '.dockerignore'));
const staticOnly = args.includes('--static');
const { check, totals } = checker();

// Node LTS lines and their end of life (https://nodejs.org/en/about/previous-releases).
const NODE_LTS_END_OF_LIFE = { 20: '2026-04-30', 22: '2027-04-30', 24: '2028-04-30' };
/** The uid/gid of the `node` user of the official Node images. */
const IMAGE_NODE_USER = { uid: 1000, gid: 1000 };
/** What `node scripts/start.mjs` with SHOP_SKIP_BUILD=1 reads: the only paths the final stage may copy (below /app). */
const RUNTIME_PATHS = [
  'package.json',
  'package-lock.json',
  'node_modules',
  'scripts/start.mjs',
  'cms/scripts/serve.mjs',
  'cms/scripts/lib/deferred-modules.mjs',
  'packages/shared/package.json',
  'packages/shared/dist',
  'cms/package.json',
  'cms/tsconfig.json',
  'cms/favicon.png',
  'cms/dist',
  'cms/database',
  'cms/public',
  'storefront/dist',
  'admin-panel/dist',
];
/** devDependencies that must not reach the image (test runners, linters, bundlers of our own, browsers). */
const DEV_ONLY_PACKAGES = [
  'vitest',
  'eslint',
  'typescript-eslint',
  'tsup',
  'jsdom',
  '@playwright/test',
  'playwright',
  '@testing-library/react',
  '@eslint/js',
];
const SECRET_NAME = /SECRET|PASSWORD|PASSWD|TOKEN|SALT|APP_KEYS|ENCRYPTION_KEY|PRIVATE|CREDENTIAL|API_KEY/i;

// ---------------------------------------------------------------------------------------------------------------
// 1. Static checks

const dockerfile = readFileSync(dockerfilePath, 'utf8');
const stages = parseDockerfile(dockerfile);
const ignored = dockerignoreMatcher(existsSync(dockerignorePath) ? readFileSync(dockerignorePath, 'utf8') : '');
const final = stages.at(-1);
const stageByName = new Map(stages.map((s) => [s.name, s]));
console.log(
  `Dockerfile: ${path.relative(root, dockerfilePath) || dockerfilePath} (${stages.length} stages: ${stages.map((s) => s.name).join(', ')})`,
);

/** The Node image a stage ends up on (following FROM <stage>). */
const baseImageOf = (stage) => (stageByName.has(stage.from) ? baseImageOf(stageByName.get(stage.from)) : stage.from);
const today = new Date().toISOString().slice(0, 10);
for (const stage of stages) {
  const image = baseImageOf(stage);
  const major = Number(/^node:(\d+)/.exec(image)?.[1]);
  const eol = NODE_LTS_END_OF_LIFE[major];
  check(
    `stage ${stage.name} runs on a supported Node LTS`,
    Boolean(eol) && today < eol,
    `${image}${eol ? `, end of life ${eol}` : ', not an LTS line'}`,
  );
}
const finalMajor = Number(/^node:(\d+)/.exec(baseImageOf(final))?.[1]);
const engines = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines?.node ?? '*';
check("root package.json engines include the image's Node", rangeAcceptsMajor(engines, finalMajor), `"${engines}" vs Node ${finalMajor}`);

const finalOps = final.instructions;
const users = finalOps.filter((i) => i.op === 'USER').map((i) => i.args.split(':')[0]);
check('the final stage runs as the unprivileged node user', users.at(-1) === 'node', `USER ${users.at(-1) ?? '(none: root)'}`);
const finalEnv = Object.assign({}, ...finalOps.filter((i) => i.op === 'ENV').map((i) => parseEnv(i.args)));
check('the final stage sets NODE_ENV=production', finalEnv.NODE_ENV === 'production');
const toolchain = finalOps.filter(
  (i) =>
    i.op === 'RUN' &&
    /apt-get|apk |\bg\+\+|\bgcc\b|build-essential|python3|\bmake\b|npm (ci|install|i|run|rebuild)\b|node-gyp/.test(i.args),
);
check(
  'the final stage installs no toolchain and runs no npm install/build',
  toolchain.length === 0,
  toolchain.map((i) => i.args.slice(0, 60)).join('; '),
);

const copies = finalOps.filter((i) => i.op === 'COPY' || i.op === 'ADD').map((i) => ({ op: i.op, ...parseCopy(i.args) }));
const workdirOf = (stage) => {
  const dirs = stage.instructions.filter((i) => i.op === 'WORKDIR').map((i) => i.args);
  if (dirs.length) return dirs.at(-1);
  return stageByName.has(stage.from) ? workdirOf(stageByName.get(stage.from)) : '/';
};
const fromContext = copies.filter((c) => c.op === 'ADD' || !c.flags.from);
check(
  'the final stage copies nothing from the build context',
  fromContext.length === 0,
  fromContext.map((c) => c.sources.join(' ')).join('; '),
);
const outside = [];
for (const c of copies.filter((x) => x.flags.from)) {
  const source = stageByName.get(c.flags.from);
  const base = source ? workdirOf(source) : '/';
  for (const src of c.sources) {
    const rel = path.posix.relative(base, path.posix.resolve(base, src));
    if (!RUNTIME_PATHS.some((allowed) => rel === allowed || rel.startsWith(`${allowed}/`))) outside.push(src);
  }
}
check(
  'the final stage copies only runtime files (no sources, tests, tooling or whole tree)',
  outside.length === 0 && copies.length > 0,
  outside.join(', ') || `${copies.length} COPY`,
);
const modulesCopy = copies.find((c) => c.flags.from && c.sources.some((s) => /(^|\/)node_modules\/?$/.test(s)));
const modulesStage = modulesCopy ? stageByName.get(modulesCopy.flags.from) : undefined;
const prunes = modulesStage?.instructions.some(
  (i) => i.op === 'RUN' && /npm (prune|ci|install)\b[^&;|]*--omit[= ]dev|npm (prune|ci|install)\b[^&;|]*--production/.test(i.args),
);
check(
  'node_modules comes from a stage that drops the devDependencies',
  Boolean(prunes),
  modulesStage ? `stage ${modulesStage.name}` : 'no node_modules copy found',
);
const copySources = new Set(copies.map((c) => c.flags.from));
check(
  'the final stage copies from one prepared stage only',
  copySources.size === 1 && !copySources.has(undefined),
  [...copySources].join(', '),
);
const secretArgs = stages.flatMap((s) =>
  s.instructions
    .filter((i) => i.op === 'ARG' || i.op === 'ENV')
    .flatMap((i) => (i.op === 'ENV' ? Object.keys(parseEnv(i.args)) : [i.args.split('=')[0]]))
    .filter((name) => SECRET_NAME.test(name)),
);
check('no ENV or ARG carries a secret', secretArgs.length === 0, secretArgs.join(', '));
const cmd = finalOps.filter((i) => i.op === 'CMD').at(-1)?.args ?? '';
check('the image starts with node scripts/start.mjs', /scripts\/start\.mjs/.test(cmd), cmd);

for (const [file, shouldExclude] of [
  ['.env', true],
  ['cms/.env', true],
  ['cms/.env.production', true],
  ['storefront/.env.local', true],
  ['admin-panel/.env.development', true],
  ['packages/shared/.env', true],
  ['.git/config', true],
  ['node_modules/zod/package.json', true],
  ['cms/dist/src/index.js', true],
  ['cms/src/index.ts', false],
  ['packages/shared/src/index.ts', false],
  ['cms/public/images/hero-default.webp', false],
  ['scripts/start.mjs', false],
  ['package-lock.json', false],
]) {
  check(`.dockerignore ${shouldExclude ? 'keeps out' : 'keeps'} ${file}`, ignored(file) === shouldExclude);
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Replay of the final stage's file set, and a production start from it

function walk(dir, rel, visit) {
  for (const name of readdirSync(path.join(dir, rel))) {
    const childRel = rel ? `${rel}/${name}` : name;
    const stat = lstatSync(path.join(dir, childRel));
    if (ignored(childRel) && !(stat.isDirectory() && ignored.hasNegations)) continue;
    if (stat.isDirectory()) walk(dir, childRel, visit);
    else visit(childRel);
  }
}

/** Copies src (file or folder, symlinks kept) to dest; hard links when allowed (nothing there is ever written). */
function copyTree(src, dest, link) {
  mkdirSync(path.dirname(dest), { recursive: true });
  if (statSync(src).isDirectory()) {
    mkdirSync(dest, { recursive: true });
    execFileSync('cp', [link ? '-al' : '-a', `${src}/.`, `${dest}/`]);
  } else {
    execFileSync('cp', [link ? '-al' : '-a', src, dest]);
  }
}

async function replay() {
  const needed = [
    'packages/shared/dist/index.cjs',
    'storefront/dist/index.html',
    'admin-panel/dist/index.html',
    'cms/dist/src/index.js',
    'cms/dist/build/index.html',
  ];
  const missing = needed.filter((f) => !existsSync(path.join(root, f)));
  if (!check('builds present (npm run build)', missing.length === 0, missing.join(', '))) return;
  const started = Date.now();
  const asRoot = process.getuid?.() === 0;
  // Hard links are safe only when nothing can write through them: the shop runs as uid 1000 on root-owned files.
  const link = asRoot;
  const tmp = mkdtempSync(path.join(tmpdir(), 'shop-image-'));
  chmodSync(tmp, 0o755);
  const buildDir = path.join(tmp, 'build');
  const imageDir = path.join(tmp, 'image');
  let shop;
  let database;
  try {
    // Build stage: the build context (repository filtered by .dockerignore, real copies: npm may rewrite manifests),
    // then what `npm ci` and `npm run build` add: the installed tree and the builds, taken from this checkout.
    walk(root, '', (rel) => {
      mkdirSync(path.dirname(path.join(buildDir, rel)), { recursive: true });
      copyFileSync(path.join(root, rel), path.join(buildDir, rel));
    });
    check(
      '.dockerignore: no .env file in the build context',
      !existsSync(path.join(buildDir, '.env')) && !existsSync(path.join(buildDir, 'cms', '.env')),
    );
    copyTree(path.join(root, 'node_modules'), path.join(buildDir, 'node_modules'), link);
    // npm rewrites its hidden lockfile: a private copy, never a link to this checkout's.
    rmSync(path.join(buildDir, 'node_modules', '.package-lock.json'), { force: true });
    copyFileSync(path.join(root, 'node_modules', '.package-lock.json'), path.join(buildDir, 'node_modules', '.package-lock.json'));
    for (const out of ['packages/shared/dist', 'storefront/dist', 'admin-panel/dist', 'cms/dist'])
      copyTree(path.join(root, out), path.join(buildDir, out), link);

    // The stages between the build stage and the one the final stage copies from (the prune stage): their RUN
    // commands as written (offline: the lockfile already names every package).
    const chain = [];
    for (let s = stageByName.get([...copySources][0]); s && stageByName.has(s.from); s = stageByName.get(s.from)) chain.unshift(s);
    for (const stage of chain) {
      for (const run of stage.instructions.filter((i) => i.op === 'RUN')) {
        const t0 = Date.now();
        execFileSync('sh', ['-c', run.args], {
          cwd: buildDir,
          stdio: 'pipe',
          env: { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false' },
        });
        check(`stage ${stage.name}: RUN ${run.args}`, true, `${((Date.now() - t0) / 1000).toFixed(1)} s`);
      }
    }

    // Final stage: its COPY instructions (sources below the source stage's WORKDIR) and RUN with /app and the
    // node user mapped to this directory and uid 1000.
    const workdir = workdirOf(final);
    for (const c of copies) {
      const base = workdirOf(stageByName.get(c.flags.from));
      for (const src of c.sources) {
        const from = path.join(buildDir, path.posix.relative(base, path.posix.resolve(base, src)));
        const destAbs = path.posix.resolve(workdir, c.dest);
        const destRel = path.posix.relative(workdir, destAbs);
        const into = c.dest.endsWith('/') || c.sources.length > 1;
        const to = path.join(imageDir, destRel, into && !statSync(from).isDirectory() ? path.basename(src) : '');
        copyTree(from, to, link);
      }
    }
    for (const run of finalOps.filter((i) => i.op === 'RUN')) {
      const command = run.args.replaceAll(workdir, imageDir).replace(/\bnode:node\b/g, `${IMAGE_NODE_USER.uid}:${IMAGE_NODE_USER.gid}`);
      execFileSync('sh', ['-c', asRoot ? command : command.replace(/&&\s*chown[^&;]*/g, '')], { stdio: 'pipe' });
    }
    check(
      'image file set assembled',
      true,
      `${((Date.now() - started) / 1000).toFixed(1)} s, ${execFileSync('du', ['-sh', imageDir]).toString().split('\t')[0]}`,
    );

    // What the image holds.
    const envFiles = execFileSync('find', [
      imageDir,
      '-path',
      '*/node_modules',
      '-prune',
      '-o',
      '(',
      '-name',
      '.env',
      '-o',
      '-name',
      '.env.*',
      ')',
      '-print',
    ])
      .toString()
      .trim();
    check('no .env file anywhere in the image', envFiles === '', envFiles.replaceAll(imageDir, ''));
    const devLeft = DEV_ONLY_PACKAGES.filter((p) => existsSync(path.join(imageDir, 'node_modules', p, 'package.json')));
    check('no devDependency in node_modules', devLeft.length === 0, devLeft.join(', ') || DEV_ONLY_PACKAGES.join(', '));
    const sources = [
      'cms/src',
      'cms/tests',
      'cms/config',
      'storefront/src',
      'admin-panel/src',
      'packages/shared/src',
      'e2e',
      '.git',
      'README.md',
      'docs',
    ].filter((p) => existsSync(path.join(imageDir, p)));
    check('no sources, tests or docs in the image', sources.length === 0, sources.join(', '));

    // Start it as the image would: its ENV, the compose file's app environment, its CMD, as the node user.
    const secrets = composeSecrets();
    database = await throwawayDatabase('shop_image_check');
    const home = path.join(tmp, 'home');
    mkdirSync(home);
    if (asRoot) chownSync(home, IMAGE_NODE_USER.uid, IMAGE_NODE_USER.gid);
    const port = await freePort();
    const env = {
      PATH: process.env.PATH,
      HOME: home,
      ...finalEnv,
      ...composeAppEnv(root, secrets),
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      HOST: '127.0.0.1',
      PORT: String(port),
    };
    const url = `http://127.0.0.1:${port}`;
    const t0 = Date.now();
    shop = startShop(imageDir, env, asRoot ? IMAGE_NODE_USER : {});
    const healthy = await waitHealthy(url, shop);
    check(
      `production start from the image's files${asRoot ? ' as uid 1000' : ''} (Node ${process.versions.node} here)`,
      healthy,
      `${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    if (!healthy) return;
    const home200 = await fetch(`${url}/`, { headers: { accept: 'text/html' } });
    check('storefront at /', home200.ok && /<div id="root">/.test(await home200.text()), String(home200.status));
    const adminPage = await fetch(`${url}/admin/login`, { headers: { accept: 'text/html' } });
    check('back office at /admin', adminPage.ok && /\/admin\/assets\//.test(await adminPage.text()), String(adminPage.status));
    const panel = await fetch(`${url}/cms/auth/login`, { headers: { accept: 'text/html' } });
    check("Strapi's panel at /cms", panel.ok, String(panel.status));
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: secrets.ADMIN_EMAIL, password: secrets.ADMIN_PASSWORD }),
    });
    check('admin signs in', login.ok, String(login.status));
    const products = await (await fetch(`${url}/api/products?limit=1`)).json();
    check('catalogue seeded', (products.totalDocs ?? 0) >= 24, `${products.totalDocs} products`);
    // The one place the app writes: uploaded images, owned by the node user.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4IRcFRwzEcQAPMhQBeVYMiwAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'comprobante.png');
    const upload = await fetch(`${url}/api/upload/proof`, { method: 'POST', body: form });
    const uploaded = upload.ok ? await upload.json() : null;
    check(
      'an uploaded proof is written to cms/public/uploads',
      Boolean(uploaded?.url) && existsSync(path.join(imageDir, 'cms', 'public', uploaded.url)),
      `${upload.status} ${uploaded?.url ?? ''}`,
    );
  } finally {
    if (shop) await stop(shop);
    if (database) await database.drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (staticOnly) console.log('\n(replay skipped: --static)');
else if (totals.failures > 0) console.log('\n(replay skipped: the static checks failed)');
else await replay();
console.log(`\nimage check: ${totals.passes} passed, ${totals.failures} failed`);
process.exit(totals.failures === 0 ? 0 : 1);
