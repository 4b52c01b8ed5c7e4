import type { Context } from 'koa';
import { healthSchema } from '@shop/shared';
import { reply } from '../../../utils/http';

export default {
  /**
   * Database and Redis (when configured) up or down with their latency, for the back office's status card and for
   * load balancers: 503 when the database is down (the shop cannot sell); 200 `degraded` when only Redis is down
   * (rate limits fall back to each process's memory).
   */
  async check(ctx: Context) {
    const report = await strapi.service('api::health.health').check();
    ctx.set('Cache-Control', 'no-store');
    ctx.status = report.status === 'error' ? 503 : 200;
    reply(ctx, healthSchema, report);
  },
};
