import { randomUUID } from 'node:crypto';
import { affectedRows, insertDocumentOnce, isRecord, table, writeTransaction } from '../../utils/db-write';
import { MercadoLibreCallError } from './mercadolibre-client';

/**
 * What the shop has to do with Mercado Libre, one durable row per resource (`channel_jobs`, unique `jobKey`): a sale
 * it notified (`order`), an invoice to upload (`fiscal`). A notification only writes (or re-arms) the row; the worker
 * takes a row with a conditional UPDATE (a lease: one process at a time), runs it, and marks it done only if no new
 * notification re-armed it meanwhile (`generation`). A failure waits MERCADOLIBRE_RETRY_MS (default 5 s), doubling up
 * to 10 minutes; rows survive a restart (a lease of a killed process runs out).
 */
export const JOBS_TABLE = 'channel_jobs';

/**
 * The sales half's indexes (Strapi's `unique` is only checked by the application): one row per job key and per
 * Mercado Libre order (the ON CONFLICT clauses rely on them), the worker's due rows, a shop order's sale.
 */
export const CHANNEL_SALES_INDEXES = [
  { name: 'idx_shop_channel_jobs_key', table: JOBS_TABLE, columns: ['job_key'], unique: true },
  { name: 'idx_shop_channel_jobs_due', table: JOBS_TABLE, columns: ['pending', 'due_at'] },
  { name: 'idx_shop_channel_orders_external', table: 'channel_orders', columns: ['external_order_id'], unique: true },
  { name: 'idx_shop_channel_orders_order', table: 'channel_orders', columns: ['order_document_id'] },
] as const;
export type JobKind = 'order' | 'fiscal';
type Handler = (resource: string) => Promise<void>;

const LEASE_MS = 2 * 60_000;
const BATCH = 20;
const MAX_ATTEMPTS = 40;
const knex = () => strapi.db.connection;
const retryMs = () => Number(process.env.MERCADOLIBRE_RETRY_MS ?? 5_000);
export const backoffMs = (attempts: number) => Math.min(retryMs() * 2 ** Math.max(0, attempts - 1), 10 * 60_000);

const handlers = new Map<JobKind, Handler>();

/** Who runs each kind of row (wired by the channel's files at load). */
export function handleJobs(kind: JobKind, handler: Handler): void {
  handlers.set(kind, handler);
}

/**
 * Writes the row of `resource` (or, unless `rearm` is false, re-arms it, once, when it is done or being worked on), due
 * now. true when it wrote or re-armed it.
 */
export async function queueJob(kind: JobKind, resource: string, { rearm = true }: { rearm?: boolean } = {}): Promise<boolean> {
  const now = Date.now();
  const jobKey = `${kind}:${resource}`;
  const inserted = await writeTransaction((trx) =>
    insertDocumentOnce(
      trx,
      JOBS_TABLE,
      { job_key: jobKey, kind, resource, pending: true, generation: 0, attempts: 0, due_at: now },
      'job_key',
    ),
  );
  if (inserted) return true;
  if (!rearm) return false;
  // A row already waiting (not taken) is enough: twelve notifications of one sale make one run.
  const rearmed = await table(knex(), JOBS_TABLE)
    .where('job_key', jobKey)
    .andWhere((q) => void q.where('pending', false).orWhere('lease_until', '>', now))
    .update({ pending: true, generation: knex().raw('generation + 1'), due_at: now, attempts: 0, updated_at: new Date() });
  return affectedRows(rearmed) > 0;
}

interface JobRow {
  id: number;
  kind: JobKind;
  resource: string;
  generation: number;
  attempts: number;
}

async function dueJobs(now: number): Promise<JobRow[]> {
  const rows: unknown[] = await table(knex(), JOBS_TABLE)
    .where('pending', true)
    .andWhere('due_at', '<=', now)
    .andWhere((q) => void q.whereNull('lease_until').orWhere('lease_until', '<', now))
    .orderBy('due_at', 'asc')
    .limit(BATCH)
    .select('id', 'kind', 'resource', 'generation', 'attempts');
  return rows.filter(isRecord).map((row) => ({
    id: Number(row.id),
    kind: row.kind as JobKind,
    resource: String(row.resource),
    generation: Number(row.generation) || 0,
    attempts: Number(row.attempts) || 0,
  }));
}

/** Takes the row for this process, unless another took it (or re-armed it) since it was read. */
async function claim(job: JobRow, owner: string): Promise<boolean> {
  const now = Date.now();
  const taken = await table(knex(), JOBS_TABLE)
    .where({ id: job.id, pending: true, generation: job.generation })
    .andWhere((q) => void q.whereNull('lease_until').orWhere('lease_until', '<', now))
    .update({ lease_until: now + LEASE_MS, lease_owner: owner, attempts: job.attempts + 1 });
  return affectedRows(taken) === 1;
}

async function finish(job: JobRow, owner: string): Promise<void> {
  const done = await table(knex(), JOBS_TABLE)
    .where({ id: job.id, lease_owner: owner, generation: job.generation })
    .update({ pending: false, lease_until: null, lease_owner: null, last_error: null, attempts: 0, done_at: new Date() });
  // Re-armed while it ran (a newer notification): it stays due, for another run.
  if (affectedRows(done) === 0)
    await table(knex(), JOBS_TABLE).where({ id: job.id, lease_owner: owner }).update({ lease_until: null, lease_owner: null });
}

async function fail(job: JobRow, owner: string, error: unknown): Promise<void> {
  const attempts = job.attempts + 1;
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const givenUp = attempts >= MAX_ATTEMPTS;
  await table(knex(), JOBS_TABLE)
    .where({ id: job.id, lease_owner: owner })
    .update({
      lease_until: null,
      lease_owner: null,
      last_error: message,
      due_at: Date.now() + backoffMs(attempts),
      ...(givenUp ? { pending: false } : {}),
    });
  const retrying = error instanceof MercadoLibreCallError && error.kind === 'unavailable';
  const text = `[channels] Mercado Libre ${job.kind} ${job.resource}: ${message}${givenUp ? ' (given up)' : ' (retried later)'}`;
  if (givenUp || !retrying) strapi.log.warn(text);
  else strapi.log.info(text);
}

/** One pass over the due rows; answers how many ran to the end. */
export async function runDueJobs(): Promise<number> {
  const owner = randomUUID();
  let done = 0;
  for (const job of await dueJobs(Date.now())) {
    const handler = handlers.get(job.kind);
    if (!handler || !(await claim(job, owner))) continue;
    try {
      await handler(job.resource);
      await finish(job, owner);
      done += 1;
    } catch (error) {
      await fail(job, owner, error);
    }
  }
  return done;
}

let timer: NodeJS.Timeout | null = null;
let running: Promise<unknown> | null = null;
let again = false;

/** A pass now (or right after the one under way): never two at once in one process. */
export function kickJobs(): void {
  if (running) {
    again = true;
    return;
  }
  running = runDueJobs()
    .catch((error: unknown) => strapi.log.warn(`[channels] Mercado Libre jobs: ${error instanceof Error ? error.message : String(error)}`))
    .finally(() => {
      running = null;
      if (again) {
        again = false;
        kickJobs();
      }
    });
}

/** Every MERCADOLIBRE_JOBS_EVERY_MS (default 2 s) while the process runs, and at once after each notification. */
export function startChannelWorker(): void {
  if (timer) return;
  timer = setInterval(kickJobs, Number(process.env.MERCADOLIBRE_JOBS_EVERY_MS ?? 2_000));
  timer.unref();
}

export async function stopChannelWorker(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = null;
  await running;
}
