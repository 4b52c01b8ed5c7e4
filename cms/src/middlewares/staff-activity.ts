import type { Context, Next } from 'koa';
import type { StaffUser } from '../domains/staff/auth';
import { ACTIVITY_OF_ROUTE, type ActivityNote } from '../domains/staff/staff-activity';

const ACTIVITY_UID = 'api::staff-activity.staff-activity';

/**
 * Records every successful staff change (the routes of ACTIVITY_OF_ROUTE) after it is answered: who, when, what
 * and on what. A failure to record is logged, never turned into a failed answer (the change itself is done).
 */
export default () =>
  async function staffActivity(ctx: Context, next: Next): Promise<void> {
    await next();
    if (ctx.method === 'GET' || ctx.method === 'HEAD' || ctx.status < 200 || ctx.status >= 300) return;
    const route: { method?: unknown; path?: unknown } | undefined = ctx.state.route;
    const entry = route ? ACTIVITY_OF_ROUTE[`${String(route.method)} ${String(route.path)}`] : undefined;
    const user: StaffUser | null | undefined = ctx.state.shopUser;
    // A controller that changed nothing (a preview) says so with `ctx.state.activitySkip`.
    if (!entry || !user || user.staffRole === null || ctx.state.activitySkip === true) return;
    const note: ActivityNote = ctx.state.activity ?? {};
    const params: Record<string, unknown> = ctx.params ?? {};
    const target = note.target ?? (typeof params.id === 'string' ? params.id : null);
    try {
      await strapi.db.query(ACTIVITY_UID).create({
        data: {
          at: new Date(),
          staffId: user.id,
          staffName: (user.fullName || user.username || user.email).slice(0, 255),
          kind: entry.kind,
          action: entry.action,
          target: target?.slice(0, 255) ?? null,
          summary: note.summary ? `${entry.label}: ${note.summary}` : entry.label,
        },
      });
    } catch (err) {
      strapi.log.error(`[activity] could not record ${entry.action} by ${user.id}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
