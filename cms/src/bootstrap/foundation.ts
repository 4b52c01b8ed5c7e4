import type { Core } from '@strapi/strapi';

/** Register-phase setup of the foundation (route pruning of plugins, etc.). */
export function registerFoundation(_strapi: Core.Strapi): void {}

/** Bootstrap-phase setup of the foundation: roles, admin account, seed data, indexes. Idempotent. */
export async function setupFoundation(_strapi: Core.Strapi): Promise<void> {}
