import { expect, test } from '@playwright/test';

/**
 * Strapi's own panel lives at /cms (the shop's back office owns /admin). Developers sign in there and find the
 * shop's content types, so low-level data fixes are possible without touching the database.
 */
const DEVELOPER = { firstname: 'Dev', email: 'dev.e2e@example.com', password: 'Dev-Passw0rd-1' };

test("Strapi's panel at /cms signs in and lists the shop's content types", async ({ page, request }) => {
  // The first visit to a fresh shop registers the panel's super admin; later runs on the same database sign in.
  const init = await request.get('/admin/init', { headers: { accept: 'application/json' } });
  const { data } = await init.json();
  if (!data.hasAdmin) {
    const registered = await request.post('/admin/register-admin', { data: DEVELOPER });
    expect(registered.ok(), await registered.text()).toBeTruthy();
  }

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
