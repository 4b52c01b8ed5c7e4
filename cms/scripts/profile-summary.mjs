// Reads a V8 CPU profile (.cpuprofile, e.g. from `BENCH_PROFILE=folder npm run bench:checkout`) and prints where the
// time went: self time per function and per place (the shop's own files, each npm package, Node's internals, GC),
// and the total time spent below each of the shop's own functions. Usage:
//   node cms/scripts/profile-summary.mjs <file.cpuprofile> [rows]
import { readFileSync } from 'node:fs';

const file = process.argv[2];
const rows = Number.parseInt(process.argv[3] ?? '25', 10);
if (!file) {
  console.error('usage: node cms/scripts/profile-summary.mjs <file.cpuprofile> [rows]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Self time per node from the samples and their intervals.
const self = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i + 1] ?? 0;
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
}
const total = [...self.values()].reduce((a, b) => a + b, 0);

function placeOf(url) {
  if (!url) return '(native / V8)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node internals';
  const own = /\/cms\/dist\/(.+)$/.exec(url) ?? /\/packages\/shared\/dist\/(.+)$/.exec(url);
  if (own) return `shop: ${own[1]}`;
  return url.replace(/^file:\/\//, '');
}

const byFunction = new Map();
const byPlace = new Map();
const idle = new Set(['(idle)', '(program)', '(garbage collector)']);
let idleTime = 0;
for (const [id, us] of self) {
  const { callFrame } = nodes.get(id);
  const name = callFrame.functionName || '(anonymous)';
  if (name === '(idle)') {
    idleTime += us;
    continue;
  }
  const place = idle.has(name) ? name : placeOf(callFrame.url);
  const key = `${name}  ${place}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  byPlace.set(place, (byPlace.get(place) ?? 0) + us);
}

// Inclusive time of the shop's own functions (a function counted once per sample even when recursive).
const inclusive = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i + 1] ?? 0;
  const seen = new Set();
  for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
    const { callFrame } = nodes.get(id);
    if (!/\/cms\/dist\/src\//.test(callFrame.url)) continue;
    const key = `${callFrame.functionName || '(anonymous)'}  ${placeOf(callFrame.url)}:${callFrame.lineNumber + 1}`;
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
  }
}

const busy = total - idleTime;
const ms = (us) => (us / 1000).toFixed(0).padStart(7);
const pct = (us) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
const top = (map, n) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
console.log(`profile ${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (not idle)\n`);
console.log('Self time by place (percent of busy time):');
for (const [place, us] of top(byPlace, rows)) console.log(`${ms(us)} ms ${pct(us)}  ${place}`);
console.log('\nSelf time by function:');
for (const [key, us] of top(byFunction, rows)) console.log(`${ms(us)} ms ${pct(us)}  ${key}`);
console.log("\nTotal time below the shop's own functions:");
for (const [key, us] of top(inclusive, rows)) console.log(`${ms(us)} ms ${pct(us)}  ${key}`);
