import { expect, test, type Page } from '@playwright/test';
import { STAFF_ROLE_LABELS, STAFF_SIDEBAR_ROLE_LABELS, TEMPORARY_PASSWORD_MESSAGE } from '@shop/shared';
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminSession, bearer } from '../support/shop';
import { failOnConsoleErrors } from '../support/console-errors';
import { expectNoSeriousAxeIssues } from '../support/axe';
import { totp } from '../support/totp';

/**
 * A team, not one shared password: the owner invites a salesperson from 'Equipo', the salesperson signs in with the
 * temporary password, must change it first, then sees the orders but not the team, the customers' CSV or the payment
 * settings; an owner turns two-factor sign-in on with a code of her app and then signs in with one. Every account is
 * new (unique e-mails), so the tests work on any database and in any order.
 */

failOnConsoleErrors();

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

async function changePassword(page: Page, current: string, next: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Contraseña actual', exact: true }).fill(current);
  await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill(next);
  await page.getByRole('textbox', { name: 'Confirmar nueva contraseña', exact: true }).fill(next);
  await page.getByRole('button', { name: 'Cambiar Contraseña' }).click();
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' });

test('the owner invites a salesperson, who changes the temporary password and sees only what sales may use', async ({ page, request }) => {
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await menu(page).getByRole('link', { name: 'Equipo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Equipo' })).toBeVisible();

  const email = `ventas.${unique()}@jazminlenceria.com.ar`;
  const invite = page.getByRole('form', { name: 'Invitar a alguien' });
  await invite.getByLabel('Nombre').fill('Lucía Ventas');
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('Rol').selectOption({ label: STAFF_ROLE_LABELS.sales });
  await invite.getByRole('button', { name: 'Invitar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Se creó la cuenta de Lucía Ventas (${email}) con el rol Ventas`);
  const temporary = ((await dialog.getByTestId('temporary-password').textContent()) ?? '').trim();
  expect(temporary.length).toBeGreaterThanOrEqual(12);
  await dialog.getByRole('button', { name: 'Listo' }).click();
  const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await expect(row).toContainText('Ventas');

  // The salesperson, on the same computer once the owner has signed out.
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signIn(page, email, temporary);
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByText(`${TEMPORARY_PASSWORD_MESSAGE} antes de seguir.`)).toBeVisible();
  await expect(menu(page).getByRole('link')).toHaveText(['Config']);
  // Any other screen brings her back to the password change.
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/admin\/settings$/);
  const password = `Ventas-${unique()}-2026`;
  await changePassword(page, temporary, password);
  await expect(page.getByText('Contraseña actualizada exitosamente! Ya podés usar todo el panel.')).toBeVisible();

  // What sales may use, and nothing else.
  const links = menu(page).getByRole('link');
  await expect(links.filter({ hasText: 'Órdenes' })).toBeVisible();
  await expect(links.filter({ hasText: 'Equipo' })).toHaveCount(0);
  await expect(links.filter({ hasText: 'Productos' })).toHaveCount(0);
  await expect(links.filter({ hasText: 'Contenido' })).toHaveCount(0);
  await expect(page.getByTestId('sidebar-role')).toHaveText(STAFF_SIDEBAR_ROLE_LABELS.sales);
  await links.filter({ hasText: 'Órdenes' }).click();
  await expect(page.getByTestId('orders-table-card')).toBeVisible();
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  await expect(page.getByTestId('orders-export')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Exportar/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Eliminar orden/ })).toHaveCount(0);
  // Direct links to the owner's screens and to the content (payment details) say she may not, in Spanish.
  for (const screen of ['/admin/team', '/admin/content', '/admin/activity']) {
    await page.goto(screen);
    await expect(page.getByRole('heading', { level: 1, name: 'No tenés permiso para ver esta pantalla' })).toBeVisible();
  }
  // The server agrees: the customers' CSV is refused to her token.
  const session = await request.post('/api/auth/login', { data: { email, password } });
  expect(session.status()).toBe(200);
  const { token } = (await session.json()) as { token: string };
  const csv = await request.get('/api/orders/export.csv', { headers: { Authorization: `Bearer ${token}` } });
  expect(csv.status()).toBe(403);
});

test('an owner turns on two-factor sign-in with a code of her app and then signs in with a code', async ({ page, request }) => {
  // Two sign-ins, the setup and an axe scan: more than the default minute on a busy 2-core machine.
  test.setTimeout(120_000);
  // A second owner (the seeded one stays as it is for the other tests), invited and past her temporary password.
  const owner = await adminSession(request);
  const email = `duena.${unique()}@jazminlenceria.com.ar`;
  const created = await request.post('/api/staff', { headers: bearer(owner), data: { name: 'Dueña Dos', email, role: 'owner' } });
  expect(created.status()).toBe(201);
  const { staff, temporaryPassword } = (await created.json()) as { staff: { id: number }; temporaryPassword: string };
  const first = await request.post('/api/auth/login', { data: { email, password: temporaryPassword } });
  const password = `Duena-${unique()}-2026`;
  const changed = await request.put('/api/users/password', {
    headers: { Authorization: `Bearer ${((await first.json()) as { token: string }).token}` },
    data: { currentPassword: temporaryPassword, newPassword: password },
  });
  expect(changed.status()).toBe(200);

  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'Seguridad' }).click();
  await page.getByRole('button', { name: 'Activar', exact: true }).click();
  await expect(page.getByTestId('two-factor-secret')).toHaveText(/^[A-Z2-7\s]{16,}$/);
  const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  // Beside the key: its otpauth:// address as a QR code for the app to scan (an image with a text for screen readers),
  // and as a link; the page passes axe.
  const address = new URL((await page.getByRole('link', { name: /abrir la clave en la app/ }).getAttribute('href')) ?? '');
  expect(address.protocol).toBe('otpauth:');
  expect(address.searchParams.get('secret')).toBe(secret);
  expect(decodeURIComponent(address.pathname)).toContain(email);
  const qr = page.getByRole('img', { name: /Código QR de la clave/ });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoSeriousAxeIssues(page, 'two-factor setup with its QR code');
  const enabledAt = Date.now();
  await page.getByLabel('Código de la app').fill(totp(secret, enabledAt));
  await page.getByRole('button', { name: 'Confirmar y activar' }).click();
  const codes = page.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem');
  await expect(codes).toHaveCount(8);
  await page.getByRole('button', { name: 'Ya los guardé' }).click();

  // Signing in now asks for a code after the password; a code is accepted once, so the next step's is typed.
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await signIn(page, email, password);
  const step = page.getByTestId('two-factor-step');
  await expect(step).toBeVisible();
  await step.getByLabel('Código de verificación').fill('000000');
  await step.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  // The next step's code, or now's when the steps above took longer than that (a slow machine): never the used one.
  await step.getByLabel('Código de verificación').fill(totp(secret, Math.max(Date.now(), enabledAt + 30_000)));
  await step.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByTestId('sidebar-role')).toHaveText(STAFF_SIDEBAR_ROLE_LABELS.owner);

  // The API says the same: the password alone gives no token.
  const again = await request.post('/api/auth/login', { data: { email, password } });
  expect(await again.json()).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
  const removed = await request.delete(`/api/staff/${staff.id}`, { headers: bearer(owner) });
  expect(removed.status()).toBe(200);
});
