import { createServer } from 'node:http';
import { expect, test, type Page, type Response } from '@playwright/test';
import { buyableProducts, placeCashPickupOrder, restoreAdminSession } from '../support/shop';
import { parseCsp } from '../support/csp';

/**
 * The browser policy of both apps, seen from a real Chromium: every page answer carries a Content-Security-Policy
 * without inline scripts, refuses to be framed and forbids MIME sniffing; the apps run under it without a single
 * CSP violation; and another site can neither frame the shop nor read its API.
 */

interface Violation {
  source: string;
  text: string;
}

/** Collects CSP violations: Chromium's console "Refused to …" lines and the DOM's securitypolicyviolation events. */
async function watchViolations(page: Page): Promise<Violation[]> {
  const found: Violation[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Refused to|Content Security Policy/i.test(text)) found.push({ source: `console on ${page.url()}`, text });
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => found.push({ source: `event on ${page.url()}`, text }));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      void report(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'}`);
    });
  });
  return found;
}

const directives = (response: Response | null) => parseCsp(response?.headers()['content-security-policy']);

function expectPagePolicy(response: Response | null, label: string) {
  expect(response, label).not.toBeNull();
  const policy = directives(response);
  expect(policy.get('script-src'), `${label}: script-src`).toBe("'self'");
  expect(policy.get('script-src'), `${label}: no inline scripts`).not.toContain('unsafe-inline');
  expect(policy.get('connect-src'), `${label}: connect-src`).toBe("'self'");
  expect(policy.get('frame-ancestors'), `${label}: frame-ancestors`).toBe("'none'");
  expect(policy.get('object-src'), `${label}: object-src`).toBe("'none'");
  expect(response?.headers()['x-content-type-options'], `${label}: nosniff`).toBe('nosniff');
  expect(response?.headers()['x-frame-options'], `${label}: x-frame-options`).toBe('DENY');
}

test('storefront and back office pages carry the CSP and run under it without violations', async ({ page, request }) => {
  const violations = await watchViolations(page);
  const [product] = await buyableProducts(request);

  const home = await page.goto('/');
  expectPagePolicy(home, 'storefront home');
  await expect(page.getByTestId('product-card').first()).toBeVisible();

  const detail = await page.goto(`/product/${product._id}`);
  expectPagePolicy(detail, 'product page');
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await expect(page.getByTestId('product-gallery').locator('img').first()).toBeVisible();

  const login = await page.goto('/admin/login');
  expectPagePolicy(login, 'back-office login');
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();

  // Signed in: the dashboard and the content editor (hero image previews, icon pickers) under the same policy.
  await restoreAdminSession(page, request);
  const dashboard = await page.goto('/admin/dashboard');
  expectPagePolicy(dashboard, 'back-office dashboard');
  await expect(page.getByTestId('dashboard-stats')).toBeVisible();
  const editor = await page.goto('/admin/content');
  expectPagePolicy(editor, 'content editor');
  await expect(page.getByTestId('content-editor-page')).toBeVisible();

  // Hashed assets are served with their real type, so nosniff never blocks the shop's own files.
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(await (await request.get('/')).text())?.[1];
  expect(script, 'storefront entry script').toBeTruthy();
  const asset = await request.get(script ?? '/');
  expect(asset.headers()['content-type']).toMatch(/^text\/javascript/);
  expect(asset.headers()['x-content-type-options']).toBe('nosniff');

  expect(violations, 'CSP violations').toEqual([]);
});

test('the printable receipt opens styled under the same policy (its pop-up inherits the CSP)', async ({ page, request }) => {
  const violations = await watchViolations(page);
  const [product] = await buyableProducts(request);
  const { orderNumber, order } = await placeCashPickupOrder<{ orderNumber: string; order: { _id: string } }>(request, product, {
    fullName: 'Compradora Comprobante',
    email: 'comprobante@example.com',
    phone: '+54 9 299 555-0102',
  });

  // The tab that placed an order remembers it (a reload of the confirmation reads it by id); this one did not
  // place it through the checkout, so it is told the same way.
  await page.addInitScript(
    ([id, number]) => sessionStorage.setItem('lastOrder', JSON.stringify({ id, orderNumber: number, contact: 'comprobante@example.com' })),
    [order._id, orderNumber] as const,
  );
  await page.goto(`/order-confirmation/${orderNumber}`);
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Imprimir comprobante' }).click();
  const receipt = await popupPromise;
  const popupViolations: string[] = [];
  receipt.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) popupViolations.push(message.text());
  });
  await expect(receipt.locator('h1')).toBeVisible();
  // The stylesheet applied: brand colour on the title and the stamp's border (unstyled, both would be defaults).
  await expect.poll(() => receipt.locator('h1').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(143, 58, 85)');
  await expect(receipt.locator('.stamp')).toHaveCSS('border-top-style', 'solid');
  await expect(receipt.locator('[style]')).toHaveCount(0);
  expect([...violations, ...popupViolations.map((text) => ({ source: 'receipt pop-up', text }))], 'CSP violations').toEqual([]);
});

test('another site can neither frame the shop nor read its API', async ({ page, baseURL }) => {
  // The "attacker" is a real site on this machine (another port is another origin), so that only CORS and
  // frame-ancestors can stop it: a page from a non-local address would be refused the loopback shop by Chromium's
  // local-network rules, whatever the shop answers.
  const shop = new URL(baseURL ?? 'http://127.0.0.1:1340');
  const attacker = createServer((req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (req.url === '/framed') {
      // A page without the shop's headers, framed the same way: proves the check below sees a framed page that loads.
      res.end('<div id="root">enmarcada</div>');
      return;
    }
    res.end(`<!doctype html><html><body>
      <iframe id="victim" src="${shop.origin}/admin/login" width="600" height="300"></iframe>
      <iframe id="control" src="/framed" width="600" height="100"></iframe>
    </body></html>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  const address = attacker.address();
  const evilOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    await page.goto(`${evilOrigin}/evil`);
    expect(new URL(page.url()).origin).toBe(evilOrigin);

    // Reading the shop's answers with fetch from the foreign page: the browser refuses (no CORS grant).
    const reads = await page.evaluate(async (origin) => {
      const attempt = async (path: string, init?: RequestInit) => {
        try {
          const res = await fetch(`${origin}${path}`, init);
          return `read ${res.status}: ${(await res.text()).slice(0, 60)}`;
        } catch (error) {
          return `blocked: ${error instanceof Error ? error.name : String(error)}`;
        }
      };
      return {
        products: await attempt('/api/products'),
        content: await attempt('/api/content'),
        login: await attempt('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
      };
    }, shop.origin);
    expect(reads).toEqual({ products: 'blocked: TypeError', content: 'blocked: TypeError', login: 'blocked: TypeError' });

    // Framing (page.goto waited for the frames to load): the shop's page never renders inside the foreign page.
    await expect(page.frameLocator('#control').locator('#root')).toHaveText('enmarcada');
    await expect(page.frameLocator('#victim').locator('#root')).toHaveCount(0);
  } finally {
    await new Promise((resolve) => attacker.close(resolve));
  }
});
