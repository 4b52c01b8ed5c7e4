import { z } from 'zod';

/** Kinds of staff work, for the activity list's filter. */
export const ACTIVITY_KINDS = ['orders', 'products', 'content', 'staff', 'account', 'insight', 'emails'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** One change a staff account made: who, when, what, on what. */
export const activityEntrySchema = z.object({
  at: z.string(),
  staffId: z.number(),
  staffName: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  action: z.string(),
  target: z.string().nullable(),
  summary: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** GET /activity (owner): newest first, paged. */
export const activityListAnswerSchema = z.object({
  activity: z.array(activityEntrySchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
});
export type ActivityList = z.infer<typeof activityListAnswerSchema>;
