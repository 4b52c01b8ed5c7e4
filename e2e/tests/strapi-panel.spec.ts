import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/shop';

/**
 * Strapi's own panel lives at /cms (the shop's back office owns /admin). Developers sign in there and find the
 * shop's content types, so low-level data fixes are possible without touching the database. Its super-admin is
 * created at the first start (in development with the staff account's e-mail and password); nobody can register one.
 */
const DEVELOPER = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };

test("Strapi's panel at /cms signs in and lists the shop's content types", async ({ page, request }) => {
  const init = await request.get('/admin/init', { headers: { accept: 'application/json' } });
  const { data } = await init.json();
  expect(data.hasAdmin).toBe(true);
  const intruder = await request.post('/admin/register-admin', {
    data: { firstname: 'In', email: 'intruso@example.com', password: 'Intruso-12345' },
  });
  expect(intruder.status()).toBe(403);

  await page.goto('/cms/auth/login');
  await page.getByLabel('Email').fill(DEVELOPER.email);
  await page.getByLabel('Password').fill(DEVELOPER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  // Signed in once the panel leaves its login page (home or the guided tour).
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/cms/content-manager/collection-types/api::product.product');
  const nav = page.getByRole('navigation', { name: /Content Manager/i });
  for (const type of ['Producto', 'Orden', 'Interacción', 'Mensaje de contacto', 'Contenido del sitio']) {
    await expect(nav.getByRole('link', { name: type, exact: true })).toBeVisible();
  }
  await expect(page.getByText(/\d+ entries found/)).toBeVisible();
});
