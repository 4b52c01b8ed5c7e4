import type { Context, Next } from 'koa';
import type { Core } from '@strapi/strapi';
import { panelSecurityConfig } from '../domains/platform/security-policy';

/**
 * Strapi's own panel (admin.path, /cms) needs inline styles, which the shop's policy refuses. Listed right after
 * strapi::security in config/middlewares.ts, this applies Strapi's same security middleware again with the panel's
 * policy on the panel's path only, replacing the headers the shop's policy set there. Every other path is untouched.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  const applyPanelPolicy = strapi.middleware('strapi::security')(panelSecurityConfig(), { strapi });
  const base = String(strapi.config.get('admin.path', '/cms')).replace(/\/$/, '');
  if (typeof applyPanelPolicy !== 'function' || base === '') return undefined;
  return (ctx: Context, next: Next) => (ctx.path === base || ctx.path.startsWith(`${base}/`) ? applyPanelPolicy(ctx, next) : next());
};
