import type { Core } from '@strapi/strapi';
import { productInputSchema } from '@shop/shared';
import { ADMIN_ROLE_TYPE } from '../domains/staff';
import { isProduction, secret, secretsFile } from '../domains/platform';
import { seedSiteContent } from '../domains/site-content';
import seedProducts from '../../seed/products.json';

const USER_UID = 'plugin::users-permissions.user';
const PRODUCT_UID = 'api::product.product';
const SITE_CONTENT_UID = 'api::site-content.site-content';
const ROLE_UID = 'plugin::users-permissions.role';
const SEED_FLAG = { type: 'core', name: 'shop', key: 'demo_seed_done' };
export const DEFAULT_ADMIN_EMAIL = 'admin@jazminlenceria.com.ar';

/**
 * Register phase: the shop exposes its own /auth and /users routes, so every content-api route of
 * users-permissions (register, local login, users CRUD, forgot/reset password, connect, roles) is removed.
 * This also keeps its `PUT /users/:id` from shadowing our `PUT /users/profile` and `PUT /users/password`.
 */
export function registerFoundation(strapi: Core.Strapi): void {
  const plugin = strapi.plugin('users-permissions');
  const routes: unknown = plugin.routes;
  const contentApi: unknown = routes && typeof routes === 'object' && 'content-api' in routes ? routes['content-api'] : undefined;
  if (contentApi && (typeof contentApi === 'object' || typeof contentApi === 'function') && 'routes' in contentApi) {
    Object.assign(contentApi, { routes: [] });
  }
}

interface RoleRow {
  id: number;
  type: string;
}

async function ensureAdminRole(strapi: Core.Strapi): Promise<RoleRow> {
  const roles = strapi.db.query(ROLE_UID);
  const existing: RoleRow | null = await roles.findOne({ where: { type: ADMIN_ROLE_TYPE } });
  if (existing) return existing;
  const created: RoleRow = await roles.create({
    data: { name: 'Admin', type: ADMIN_ROLE_TYPE, description: 'Personal de la tienda (acceso al panel /admin)' },
  });
  return created;
}

async function roleByType(strapi: Core.Strapi, type: string): Promise<RoleRow | null> {
  const row: RoleRow | null = await strapi.db.query(ROLE_UID).findOne({ where: { type } });
  return row;
}

/** Creates the account only when the e-mail is unknown: a password changed by the owner survives restarts. */
async function ensureUser(strapi: Core.Strapi, user: { email: string; password: string; username: string; roleId: number }) {
  const email = user.email.trim().toLowerCase();
  const exists = await strapi.db.query(USER_UID).count({ where: { email } });
  if (exists > 0) return;
  let username = user.username;
  if ((await strapi.db.query(USER_UID).count({ where: { username } })) > 0) username = `${username}-${Date.now()}`;
  await strapi.plugin('users-permissions').service('user').add({
    username,
    email,
    password: user.password,
    provider: 'local',
    confirmed: true,
    blocked: false,
    role: user.roleId,
  });
  strapi.log.info(`[seed] user ${email} created`);
}

/**
 * Staff accounts from before staff roles (and the first account, created just above) become owners: the shop's one
 * account keeps doing everything it did. Accounts with a role keep it.
 */
async function ensureOwners(strapi: Core.Strapi, adminRoleId: number): Promise<void> {
  const users = strapi.db.query(USER_UID);
  const rows: Array<{ id: number }> = await users.findMany({
    where: { role: { id: adminRoleId }, staffRole: { $null: true } },
    select: ['id'],
  });
  if (rows.length === 0) return;
  await users.updateMany({ where: { id: { $in: rows.map((r) => r.id) } }, data: { staffRole: 'owner' } });
  strapi.log.info(`[staff] ${rows.length} staff account(s) without a role are now owners`);
}

async function disablePublicRegistration(strapi: Core.Strapi): Promise<void> {
  const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
  const advanced: unknown = await store.get({ key: 'advanced' });
  if (advanced && typeof advanced === 'object' && 'allow_register' in advanced && advanced.allow_register !== false) {
    await store.set({ key: 'advanced', value: { ...advanced, allow_register: false } });
  }
}

/**
 * Demo data, once per database: a flag in Strapi's store means a restart never reseeds over the owner's changes.
 * Each part is also skipped when its table already has data, so an interrupted first seed never duplicates.
 */
async function seedDemoData(strapi: Core.Strapi): Promise<void> {
  if (await strapi.store.get(SEED_FLAG)) return;
  if ((await strapi.db.query(SITE_CONTENT_UID).count({})) === 0) {
    await strapi.service(SITE_CONTENT_UID).saveContent(seedSiteContent());
    strapi.log.info('[seed] site content created');
  }
  if ((await strapi.db.query(PRODUCT_UID).count({})) === 0) {
    const products = strapi.service(PRODUCT_UID);
    await strapi.db.transaction(async () => {
      // Reverse order: the catalogue lists newest first, so the first product of the file shows first.
      for (const item of [...seedProducts].reverse()) {
        await products.createProduct(productInputSchema.parse(item), { seeding: true });
      }
    });
    strapi.log.info(`[seed] ${seedProducts.length} demo products created`);
  }
  await strapi.store.set({ ...SEED_FLAG, value: { at: new Date().toISOString() } });
}

/**
 * Strapi's own panel (/cms) gets its super-admin at the first start, from CMS_ADMIN_EMAIL/CMS_ADMIN_PASSWORD
 * (by default the staff account's ADMIN_EMAIL/ADMIN_PASSWORD): nobody can claim it by visiting the panel first.
 */
async function ensurePanelSuperAdmin(strapi: Core.Strapi): Promise<void> {
  const admins = strapi.service('admin::user') as {
    exists: () => Promise<boolean>;
    createFirstAdmin: (attributes: { email: string; firstname: string; lastname: string; password: string }) => Promise<unknown>;
  };
  if (await admins.exists()) return;
  const email = (process.env.CMS_ADMIN_EMAIL?.trim() || process.env.ADMIN_EMAIL?.trim() || DEFAULT_ADMIN_EMAIL).toLowerCase();
  const password = process.env.CMS_ADMIN_PASSWORD?.trim() || secret('ADMIN_PASSWORD');
  try {
    await admins.createFirstAdmin({ email, firstname: 'Administración', lastname: 'Tienda', password });
    strapi.log.info(`[seed] Strapi panel super-admin ${email} created`);
  } catch (err) {
    // Another process starting together created it first.
    if (!(await admins.exists())) throw err;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Proofs and the hero image get no responsive copies (only Strapi's small thumbnail), and no calls to an AI
 * service for metadata. Camera metadata is already gone: POST /upload/proof stores a re-encoded copy.
 */
async function configureUploads(strapi: Core.Strapi): Promise<void> {
  const store = strapi.store({ type: 'plugin', name: 'upload', key: 'settings' });
  const current: unknown = await store.get({});
  const settings = isRecord(current) ? current : {};
  if (settings.responsiveDimensions === false && settings.aiMetadata === false) return;
  await store.set({ value: { ...settings, responsiveDimensions: false, aiMetadata: false } });
}

/** Bootstrap phase: roles, accounts, upload settings and demo data. Idempotent. */
export async function setupFoundation(strapi: Core.Strapi): Promise<void> {
  await disablePublicRegistration(strapi);
  await ensurePanelSuperAdmin(strapi);
  const adminRole = await ensureAdminRole(strapi);
  // Only while no staff account exists: once the owner changes the admin's e-mail, a restart must not bring the
  // documented development credentials back as a second account.
  const staff = await strapi.db.query(USER_UID).count({ where: { role: { id: adminRole.id } } });
  if (staff === 0) {
    await ensureUser(strapi, {
      email: process.env.ADMIN_EMAIL?.trim() || DEFAULT_ADMIN_EMAIL,
      password: secret('ADMIN_PASSWORD'),
      username: process.env.ADMIN_USERNAME?.trim() || 'admin',
      roleId: adminRole.id,
    });
    if (!isProduction()) strapi.log.info(`[seed] its first password is ADMIN_PASSWORD in ${secretsFile()} (also for /cms)`);
  }
  await ensureOwners(strapi, adminRole.id);
  const shopperEmail = process.env.SEED_TEST_SHOPPER_EMAIL;
  const shopperPassword = process.env.SEED_TEST_SHOPPER_PASSWORD;
  if (shopperEmail && shopperPassword) {
    const authenticated = await roleByType(strapi, 'authenticated');
    if (authenticated) {
      await ensureUser(strapi, { email: shopperEmail, password: shopperPassword, username: 'cliente-prueba', roleId: authenticated.id });
    }
  }
  await configureUploads(strapi);
  await seedDemoData(strapi);
  try {
    if (await strapi.service(SITE_CONTENT_UID).migrateMeetingPoints())
      strapi.log.info('[content] meeting point moved into the list of meeting points');
  } catch (err) {
    // Content the shop cannot read keeps its single meeting point (meetingPointsOf falls back to it); start anyway.
    strapi.log.warn(`[content] could not move the meeting point into the list: ${err instanceof Error ? err.message : String(err)}`);
  }
}
