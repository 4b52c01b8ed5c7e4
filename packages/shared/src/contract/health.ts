import { z } from 'zod';
import { contentProblemSchema } from '../content/content-read.js';
import { emailMessageSchema } from './emails.js';

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

/** The lines of the owner's go-live checklist ("Lista para abrir la tienda"), in the order they are shown. */
export const GO_LIVE_ITEM_IDS = [
  'https',
  'public-url',
  'email',
  'backup',
  'offsite',
  'mercadopago',
  'invoicing',
  'data-fiscal',
  'two-factor',
  'disk',
  'redis',
  'last-error',
] as const;
export type GoLiveItemId = (typeof GO_LIVE_ITEM_IDS)[number];

/**
 * One line of the checklist: `ok` true (ready), false (something to do: `action` says what) or null (does not apply
 * to this shop, e.g. Mercado Pago switched off). `title`, `detail` (the current value or age) and `action` are Spanish.
 */
export const goLiveItemSchema = z.object({
  id: z.enum(GO_LIVE_ITEM_IDS),
  ok: z.boolean().nullable(),
  title: z.string(),
  detail: z.string(),
  action: z.string(),
});
export type GoLiveItem = z.infer<typeof goLiveItemSchema>;

/** The last successful local backup and off-site copy (ISO times), or null when there is no readable status file. */
export const goLiveBackupsSchema = z
  .object({
    local: z.object({ at: z.string(), bytes: z.number() }).nullable(),
    remote: z.object({ at: z.string(), bytes: z.number(), remote: z.string() }).nullable(),
    remoteConfigured: z.boolean(),
  })
  .nullable();
export type GoLiveBackups = z.infer<typeof goLiveBackupsSchema>;

/** GET /health/checklist (owner): every line, the backups' times (for their ages), and when the server checked (ISO). */
export const goLiveChecklistSchema = z.object({
  items: z.array(goLiveItemSchema),
  backups: goLiveBackupsSchema,
  checkedAt: z.string(),
});
export type GoLiveChecklist = z.infer<typeof goLiveChecklistSchema>;

/** POST /health/test-email (owner): the body carries nothing (the message goes to the signed-in account's e-mail). */
export const testEmailInputSchema = z.strictObject(
  {},
  { error: 'El correo de prueba va siempre a tu propio email: no hace falta enviar ningún dato' },
);

/** 202: the test message is in the outbox; `email` is its row (poll GET /emails to see it sent). */
export const testEmailAnswerSchema = z.object({
  message: z.string(),
  email: emailMessageSchema,
  mailConfigured: z.boolean(),
});
export type TestEmailAnswer = z.infer<typeof testEmailAnswerSchema>;
