// Lighthouse (mobile defaults: throttled mid-range phone, slow 4G) against a shop that is already running; starts
// nothing itself. A benchmark, not a test: it prints one row per page and marks the figures that miss the targets.
//
// Usage: node e2e/scripts/lighthouse.mjs <baseUrl> [runs]
//   e.g. node e2e/scripts/lighthouse.mjs http://localhost:1337
// Pages: home, the first product of the catalogue and its category (read from the shop's own API).
// Chromium: CHROME_PATH (default /usr/bin/chromium). With [runs] > 1 each page is measured that many times and the
// median performance run is shown (single runs vary a few points on a busy machine). LIGHTHOUSE_JSON_DIR=<folder>
// keeps each full report there, for the details behind a figure.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const baseUrl = (process.argv[2] ?? '').replace(/\/$/, '');
const runs = Math.max(1, Number.parseInt(process.argv[3] ?? '1', 10) || 1);
if (!/^https?:\/\//.test(baseUrl)) {
  console.error('Usage: node e2e/scripts/lighthouse.mjs <baseUrl> [runs]   (a running shop, e.g. http://localhost:1337)');
  process.exit(2);
}

const TARGETS = { performance: 95, lcpMs: 2500, cls: 0.05, tbtMs: 150, accessibility: 100 };

async function firstProduct() {
  const res = await fetch(`${baseUrl}/api/products?limit=1`);
  if (!res.ok) throw new Error(`GET /api/products answered ${res.status}`);
  const body = await res.json();
  const product = body.payload?.[0];
  if (!product) throw new Error('the catalogue is empty');
  return product;
}

const product = await firstProduct();
const pages = [
  { name: 'home', url: `${baseUrl}/` },
  { name: 'product', url: `${baseUrl}/product/${product._id}` },
  { name: 'category', url: `${baseUrl}/category/${encodeURIComponent(product.category)}` },
];

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbtMs: audit('total-blocking-time'),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    failing: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => a.id),
  };
}

const rows = [];
try {
  for (const page of pages) {
    const measured = [];
    for (let i = 0; i < runs; i += 1) {
      const result = await lighthouse(page.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error(`no Lighthouse result for ${page.url}`);
      measured.push(figures(result.lhr));
      if (process.env.LIGHTHOUSE_JSON_DIR) {
        const { writeFileSync } = await import('node:fs');
        writeFileSync(`${process.env.LIGHTHOUSE_JSON_DIR}/${page.name}-${i + 1}.json`, JSON.stringify(result.lhr));
      }
    }
    const middle = median(measured.map((m) => m.performance));
    rows.push({ page, ...measured.find((m) => m.performance === middle) });
  }
} finally {
  await chrome.kill();
}

const mark = (ok) => (ok ? ' ' : '✗');
const pad = (text, width) => String(text).padEnd(width);
console.log(`\nLighthouse mobile, ${baseUrl}${runs > 1 ? ` (median of ${runs} runs)` : ''}`);
console.log(
  `targets: performance ≥ ${TARGETS.performance}, LCP ≤ ${TARGETS.lcpMs / 1000} s, CLS ≤ ${TARGETS.cls}, TBT ≤ ${TARGETS.tbtMs} ms, accessibility ${TARGETS.accessibility}\n`,
);
console.log(`${pad('page', 10)}${pad('performance', 13)}${pad('LCP', 10)}${pad('CLS', 9)}${pad('TBT', 10)}accessibility`);
let allMet = true;
for (const r of rows) {
  const ok = {
    performance: r.performance >= TARGETS.performance,
    lcp: r.lcpMs <= TARGETS.lcpMs,
    cls: r.cls <= TARGETS.cls,
    tbt: r.tbtMs <= TARGETS.tbtMs,
    accessibility: r.accessibility >= TARGETS.accessibility,
  };
  allMet &&= Object.values(ok).every(Boolean);
  console.log(
    pad(r.page.name, 10) +
      pad(`${r.performance}${mark(ok.performance)}`, 13) +
      pad(`${(r.lcpMs / 1000).toFixed(2)} s${mark(ok.lcp)}`, 10) +
      pad(`${r.cls.toFixed(3)}${mark(ok.cls)}`, 9) +
      pad(`${Math.round(r.tbtMs)} ms${mark(ok.tbt)}`, 10) +
      `${r.accessibility}${mark(ok.accessibility)}`,
  );
}
console.log('');
for (const r of rows) if (r.failing.length) console.log(`${r.page.name}: audits below 0.9: ${r.failing.join(', ')}`);
console.log(allMet ? '\nEvery target met.' : '\nSome targets missed (✗).');
