import { z } from 'zod';
import { contentProblemSchema } from '../content-read.js';

/** One part the server depends on (database, Redis): up or down, and how long its check took. */
export const healthPartSchema = z.object({
  status: z.enum(['up', 'down']),
  latencyMs: z.number(),
});
export type HealthPart = z.infer<typeof healthPartSchema>;

/**
 * GET /health (200, or 503 when the database is down): `status` is ok, degraded (Redis down, or stored site content
 * with values the shop could not read: `contentProblems`) or error;
 * `redis` only when the server uses Redis; `message` names what does not answer.
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'error']),
  database: z.enum(['ok', 'error']),
  checks: z.object({ database: healthPartSchema, redis: healthPartSchema.optional() }),
  /** Stored site-content values the shop could not read (status `degraded`; the shop shows their defaults). */
  contentProblems: z.array(contentProblemSchema).optional(),
  message: z.string().optional(),
  uptime: z.number(),
  timestamp: z.string(),
});
export type Health = z.infer<typeof healthSchema>;
