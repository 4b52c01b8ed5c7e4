import pg from 'pg';
import type { Core } from '@strapi/strapi';

/**
 * The PostgreSQL advisory lock (any fixed 64-bit key, the same in every process) that app processes of one database
 * hold while they start. Strapi creates and alters tables and the shop seeds and migrates its data at start-up: two
 * replicas doing that at once on a fresh database collide ("duplicate key value violates unique constraint
 * pg_type_typname_nsp_index" and an exit). With the lock, they start one after another; the later ones find the
 * schema and the data in place. The lock belongs to a connection of its own: a process that dies while starting
 * releases it with that connection.
 */
const STARTUP_LOCK_KEY = '4730518922047113';

let holder: pg.Client | null = null;

interface PostgresConnection {
  connectionString?: string;
  ssl?: pg.ClientConfig['ssl'];
}

/** Takes the start-up lock (PostgreSQL only), waiting while another process of the same database is starting. */
export async function takeStartupLock(strapi: Core.Strapi): Promise<void> {
  const database = strapi.config.get<{ client?: string; connection?: PostgresConnection }>('database.connection');
  if (database?.client !== 'postgres' || !database.connection) return;
  const client = new pg.Client({ connectionString: database.connection.connectionString, ssl: database.connection.ssl });
  client.on('error', (err) => strapi.log.warn(`[startup] the start-up lock's connection failed: ${err.message}`));
  await client.connect();
  const first = await client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS taken', [STARTUP_LOCK_KEY]);
  if (!first.rows[0]?.taken) {
    strapi.log.info('[startup] another app process is starting on this database: waiting until it is done');
    await client.query('SELECT pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY]);
  }
  holder = client;
}

/** Lets the next process start (after this one's schema sync, seeding and data migrations). */
export async function releaseStartupLock(): Promise<void> {
  const client = holder;
  holder = null;
  if (!client) return;
  try {
    await client.query('SELECT pg_advisory_unlock($1::bigint)', [STARTUP_LOCK_KEY]);
  } finally {
    await client.end().catch(() => undefined);
  }
}
