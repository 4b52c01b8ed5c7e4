import { factories } from '@strapi/strapi';
import { ACTIVITY_KINDS, type ActivityEntry, type ActivityKind, type ActivityList } from '@shop/shared';

const ACTIVITY_UID = 'api::staff-activity.staff-activity';

interface ActivityRow {
  at: string | Date;
  staffId: number;
  staffName: string;
  kind: string;
  action: string;
  target: string | null;
  summary: string | null;
}

function toEntry(row: ActivityRow): ActivityEntry {
  const kind = ACTIVITY_KINDS.find((k) => k === row.kind) ?? 'account';
  return {
    at: new Date(row.at).toISOString(),
    staffId: row.staffId,
    staffName: row.staffName,
    kind,
    action: row.action,
    target: row.target ?? null,
    summary: row.summary ?? '',
  };
}

export default factories.createCoreService(ACTIVITY_UID, ({ strapi }) => ({
  async list(query: { page: number; limit: number; kind?: ActivityKind; staffId?: number }): Promise<ActivityList> {
    const where: Record<string, unknown> = {};
    if (query.kind) where.kind = query.kind;
    if (query.staffId !== undefined) where.staffId = query.staffId;
    const total = await strapi.db.query(ACTIVITY_UID).count({ where });
    const rows: ActivityRow[] = await strapi.db.query(ACTIVITY_UID).findMany({
      where,
      orderBy: [{ at: 'desc' }, { id: 'desc' }],
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    return { activity: rows.map(toEntry), total, page: query.page, totalPages: Math.ceil(total / query.limit) };
  },
}));
