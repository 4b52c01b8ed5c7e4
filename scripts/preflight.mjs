#!/usr/bin/env node
// `npm test` runs this first: every program and service the suite runs for real is checked within seconds, and each
// missing one is named with the command that installs or starts it, instead of a step failing fifteen minutes in.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

const APT = 'apt-get install -y';

/** Programs the tests execute (the same names and variables the tests read). */
const PROGRAMS = [
  {
    name: 'Chromium (browser tests)',
    path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--version'],
    fix: `${APT} chromium`,
  },
  { name: 'Caddy (HTTPS proxy tests)', path: process.env.CADDY_BIN ?? 'caddy', args: ['version'], fix: `${APT} caddy` },
  { name: 'rclone (off-site backup tests)', path: process.env.RCLONE_BIN || 'rclone', args: ['version'], fix: `${APT} rclone` },
  { name: 'wget (compose healthchecks)', path: 'wget', args: ['--version'], fix: `${APT} wget` },
];

/** Services the API, resilience and production tests connect to. */
const SERVICES = [
  {
    name: 'PostgreSQL',
    url: process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    defaultPort: 5432,
    fix: `${APT} postgresql && pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start`,
  },
  {
    name: 'Redis',
    url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    defaultPort: 6379,
    fix: `${APT} redis-server && redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no`,
  },
];

function programAnswers({ path, args }) {
  if (path.includes('/') && !existsSync(path)) return false;
  try {
    execFileSync(path, args, { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

function serviceAnswers({ url, defaultPort }) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || defaultPort) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(3000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const missing = [
  ...PROGRAMS.filter((program) => !programAnswers(program)),
  ...(await Promise.all(SERVICES.map(async (service) => ((await serviceAnswers(service)) ? null : service)))).filter(Boolean),
];

if (missing.length > 0) {
  console.error('npm test needs these on this machine (README, "The two commands"):');
  for (const need of missing) console.error(`  - ${need.name} is missing or not answering. Install or start it with:\n      ${need.fix}`);
  process.exit(1);
}
console.log(`preflight: ${PROGRAMS.length} programs and ${SERVICES.length} services answer`);
