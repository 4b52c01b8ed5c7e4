import { copyFileSync, mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBenchStrapi, benchStaffToken, json } from './scripts/lib/bench.mjs';
const dir = mkdtempSync(path.join(tmpdir(), 'prof-'));
for (const s of ['', '-wal', '-shm']) if (existsSync('/tmp/scale/data.db' + s)) copyFileSync('/tmp/scale/data.db' + s, path.join(dir, 'data.db' + s));
const profDir = process.env.PROF_DIR;
const env = { DATABASE_FILENAME: path.join(dir, 'data.db'), RATE_LIMIT_LOGIN_MAX: '1000', RATE_LIMIT_ORDERS_MAX: '100000', ...(process.env.PG_URL ? { DATABASE_URL: process.env.PG_URL } : {}) };
const s = await startBenchStrapi(env, { attempts: 2400, nodeArgs: profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [] });
const token = await benchStaffToken(s.url);
const auth = { authorization: `Bearer ${token}` };
const paths = (process.env.PATHS ?? '/api/reports/sales?groupBy=product').split(' ');
await json(s.url, '/api/stock-adjustments', { headers: auth, body: { sku: 'SC40-NEG-85B', quantity: 500, reason: 'conteo' } });
for (const p of paths) await fetch(s.url + p, { headers: auth }).then((r) => r.arrayBuffer());
const N = Number(process.env.N ?? 15);
const times = {};
for (let i = 1; i <= N; i++) {
  await json(s.url, '/api/stock-adjustments', { headers: auth, body: { sku: 'SC40-NEG-85B', quantity: i % 2 ? 1 : -1, reason: 'conteo' } });
  for (const p0 of paths) {
    const p = p0.replace('$I', String(i));
    const t0 = performance.now();
    const r = await fetch(s.url + p, { headers: auth });
    await r.arrayBuffer();
    if (!r.ok) throw new Error(p + ' ' + r.status);
    (times[p0] ??= []).push(performance.now() - t0);
  }
}
for (const [p, t] of Object.entries(times)) { t.sort((a, b) => a - b); console.log(p, 'median', t[t.length >> 1].toFixed(0), 'min', t[0].toFixed(0), 'max', t.at(-1).toFixed(0)); }
await s.stop();
