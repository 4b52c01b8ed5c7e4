import type { Context } from 'koa';

/** A named path parameter of the matched route (Strapi's router puts them on ctx.params), '' when absent. */
export function routeParam(ctx: Context, name: string): string {
  const params: unknown = Reflect.get(ctx, 'params');
  if (typeof params !== 'object' || params === null) return '';
  const value: unknown = Reflect.get(params, name);
  return typeof value === 'string' ? value : '';
}
