import type { Context } from 'koa';

const startedAt = Date.now();

export default {
  /** Liveness and database reachability for the back office's status card and for load balancers. */
  async check(ctx: Context) {
    let database = 'ok';
    try {
      await strapi.db.connection.raw('select 1');
    } catch {
      database = 'error';
    }
    ctx.status = database === 'ok' ? 200 : 503;
    ctx.body = {
      status: database === 'ok' ? 'ok' : 'error',
      database,
      uptime: Math.round((Date.now() - startedAt) / 1000),
      timestamp: new Date().toISOString(),
    };
  },
};
