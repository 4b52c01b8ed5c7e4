import { chromium } from 'playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const base = 'http://localhost:4315';
const prod = (await (await fetch(base + '/api/products?limit=1')).json()).payload[0];
for (const path of [`/product/${prod._id}`, `/category/${encodeURIComponent(prod.category)}`, '/']) {
  const page = await browser.newPage();
  const reqs = [];
  page.on('request', (r) => { if (r.url().includes('/api/')) reqs.push(r.method() + ' ' + r.url().replace(base, '')); });
  const errors = []; page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  const h1 = await page.locator('h1, h2').first().textContent();
  console.log(path, '| first heading:', h1?.trim(), '\n  ', reqs.join('\n   '), errors.length ? '\n  ERR ' + errors.join(' ; ') : '');
  await page.close();
}
await browser.close();
