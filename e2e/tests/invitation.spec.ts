import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { LIMITS, MSG, STAFF_SIDEBAR_ROLE_LABELS } from '@shop/shared';
import { adminSession, bearer } from '../support/shop';
import { expectNoSeriousAxeIssues } from '../support/axe';
import { failOnConsoleErrors } from '../support/console-errors';
import { ownShopDatabase, withShopDatabase } from '../support/database';

/**
 * The page an invitation e-mail links to (/admin/invitation#<token>): the invited person chooses her own password
 * there, once. The test shop has no mail server (invitations fall back to a temporary password), so the link the
 * e-mail would carry is made here as the server makes it: `<account id>.<secret>`, only the secret's SHA-256 stored,
 * valid LIMITS.staffInvitationHours. What the e-mail itself says is tested by the API tests (emails-smtp.test.ts).
 */

failOnConsoleErrors();
test.skip(!ownShopDatabase, 'needs the database of the shop these tests start');

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const menu = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' });

/** An invitation link for the account, stored as the server stores one; `hoursLeft` below 0 makes it expired. */
function invitationLink(accountId: number, hoursLeft: number = LIMITS.staffInvitationHours): string {
  const secret = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(secret).digest('hex');
  const changed = withShopDatabase(
    (db) =>
      db
        .prepare('UPDATE up_users SET invitation_token = ?, invitation_until = ? WHERE id = ?')
        .run(hash, Date.now() + hoursLeft * 3_600_000, accountId).changes,
  );
  expect(changed, 'the invited account exists').toBe(1);
  return `/admin/invitation#${accountId}.${secret}`;
}

const passwordBox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function choosePassword(page: Page, password: string, confirmation = password): Promise<void> {
  await passwordBox(page, 'Contraseña nueva').fill(password);
  await passwordBox(page, 'Repetir la contraseña').fill(confirmation);
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
}

test('an invited salesperson chooses her password from the link once, then signs in with it', async ({ page, request }) => {
  // Three axe scans, a sign-in and a second visit of the link: more than the default minute on a busy 2-core machine.
  test.setTimeout(120_000);
  const owner = await adminSession(request);
  const email = `invitada.${unique()}@jazminlenceria.com.ar`;
  const created = await request.post('/api/staff', { headers: bearer(owner), data: { name: 'Julieta Invitada', email, role: 'sales' } });
  expect(created.status()).toBe(201);
  const { staff, invitationSent, temporaryPassword } = (await created.json()) as {
    staff: { id: number };
    invitationSent: boolean;
    temporaryPassword?: string;
  };
  // Without a mail server the owner gets the temporary password to pass on (the fallback).
  expect(invitationSent).toBe(false);
  expect(temporaryPassword).toBeTruthy();

  const link = invitationLink(staff.id);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Elegí tu contraseña' })).toBeFocused();
  // The token leaves the address bar (and the history) as soon as the page has read it.
  await expect(page).toHaveURL(/\/admin\/invitation$/);
  await expectNoSeriousAxeIssues(page, 'invitation page');

  // The shop's password rules, in Spanish, before anything is sent.
  await choosePassword(page, 'Clave-nueva-2026', 'Otra-clave-2026');
  await expect(passwordBox(page, 'Repetir la contraseña')).toHaveAccessibleDescription(MSG.password.mismatch);

  const password = `Ventas-${unique()}-2026`;
  await choosePassword(page, password);
  await expect(page.getByText(MSG.invitation.accepted)).toBeVisible();
  await expectNoSeriousAxeIssues(page, 'invitation page, password saved');
  await page.getByRole('link', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  // Her own password: no forced change, straight to the orders a salesperson may see.
  await expect(page).not.toHaveURL(/\/admin\/(login|settings)$/);
  await expect(page.getByTestId('sidebar-role')).toHaveText(STAFF_SIDEBAR_ROLE_LABELS.sales);
  await expect(menu(page).getByRole('link', { name: 'Órdenes' })).toBeVisible();
  // The temporary password stopped working.
  expect((await request.post('/api/auth/login', { data: { email, password: temporaryPassword } })).status()).toBe(401);

  // The same link a second time: refused in Spanish, her password unchanged.
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await page.goto(link);
  await choosePassword(page, 'Intruso-clave-2026');
  await expect(page.getByRole('alert').filter({ hasText: MSG.invitation.invalid })).toBeVisible();
  await expectNoSeriousAxeIssues(page, 'invitation page, link already used');
  expect((await request.post('/api/auth/login', { data: { email, password: 'Intruso-clave-2026' } })).status()).toBe(401);
  expect((await request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);

  expect((await request.delete(`/api/staff/${staff.id}`, { headers: bearer(owner) })).status()).toBe(200);
});

test('an expired link and a link without its token are refused in Spanish', async ({ page, request }) => {
  const owner = await adminSession(request);
  const email = `vencida.${unique()}@jazminlenceria.com.ar`;
  const created = await request.post('/api/staff', { headers: bearer(owner), data: { name: 'Marta Vencida', email, role: 'sales' } });
  expect(created.status()).toBe(201);
  const { staff } = (await created.json()) as { staff: { id: number } };

  await page.goto(invitationLink(staff.id, -1));
  await choosePassword(page, 'Clave-vencida-2026');
  await expect(page.getByRole('alert').filter({ hasText: MSG.invitation.expired })).toBeVisible();
  expect((await request.post('/api/auth/login', { data: { email, password: 'Clave-vencida-2026' } })).status()).toBe(401);

  // A link cut before its token says so at once.
  await page.goto('/admin/invitation');
  await expect(page.getByRole('alert').filter({ hasText: MSG.invitation.invalid })).toBeVisible();
  await expectNoSeriousAxeIssues(page, 'invitation page without a token');

  expect((await request.delete(`/api/staff/${staff.id}`, { headers: bearer(owner) })).status()).toBe(200);
});
