import { chromium } from 'playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const base = 'http://localhost:4315';
for (const path of ['/category/conjuntos', '/product/uvz5pi0rnbujpqp2zyqrdy71']) {
  const page = await browser.newPage();
  await page.goto(base + path, { waitUntil: 'networkidle' });
  const entries = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => `${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ${e.initiatorType} ${e.name.replace(location.origin, '')}`));
  console.log(path); console.log('  ' + entries.join('\n  '));
  await page.close();
}
await browser.close();
