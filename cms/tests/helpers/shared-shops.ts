import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { startStrapi, type RunningStrapi, type TestDatabase } from './strapi-process';

/**
 * Shops the API run keeps for every file that needs one beside the shared process, on the same database: instead of
 * each file starting (and stopping) a process of its own, the first file to ask starts it and the later ones reuse
 * it; the run's global setup stops them at the end. A shop start costs 6–11 s of CPU, and the API stage on a 2-core
 * machine is as long as the CPU its starts and requests take.
 *
 * A kept shop is asked for by its settings and a slot: the same settings in slot 0 and slot 1 are two processes (the
 * tests of two app processes on one database). A test about what a start itself does (a migration run at start,
 * copies made at start) starts its own shop instead: a kept one started long before.
 */

/** A shop a test file reaches: its address, and a stop that, for a kept shop, leaves it running for the next file. */
export interface ShopHandle {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * The settings of the raised-limit processes the order, upload and returns tests place their calls on (the shared
 * process keeps the real limits, which their own tests exhaust).
 */
export const RAISED_LIMITS: Readonly<Record<string, string>> = {
  RATE_LIMIT_ORDERS_MAX: '100000',
  RATE_LIMIT_UPLOADS_MAX: '100000',
  RATE_LIMIT_RETURNS_MAX: '100000',
  RATE_LIMIT_TRACKING_MAX: '100000',
  // Her account's per-client budgets (the per-address ones stay real: account.test.ts counts them).
  RATE_LIMIT_ACCOUNT_CODE_MAX: '100000',
  RATE_LIMIT_ACCOUNT_SIGN_IN_MAX: '100000',
};

const keyOf = (env: Record<string, string>, slot: number) =>
  JSON.stringify([slot, Object.entries(env).sort(([a], [b]) => a.localeCompare(b))]);

/**
 * The global setup's side: an HTTP endpoint on 127.0.0.1 (POST /shops {env, slot}) that starts a shop with those
 * settings on `database` once and answers its address to every later asker, restarting it if it died. `close` stops
 * the kept shops.
 */
export async function startShopBroker(database: TestDatabase): Promise<{ url: string; close(): Promise<void> }> {
  const kept = new Map<string, Promise<RunningStrapi>>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => void answer(body, res));
  });
  async function answer(body: string, res: ServerResponse): Promise<void> {
    try {
      const { env, slot } = JSON.parse(body) as { env: Record<string, string>; slot: number };
      const key = keyOf(env, slot);
      let shop = kept.get(key);
      const current = shop ? await shop.catch(() => undefined) : undefined;
      if (!current || current.process.exitCode !== null || current.process.signalCode !== null) {
        shop = startStrapi(database, env);
        kept.set(key, shop);
      }
      const running = await shop!;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: running.url, port: running.port }));
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : String(error));
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.close();
      const shops = await Promise.allSettled(kept.values());
      await Promise.all(shops.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
    },
  };
}

/** A test file's side: the kept shop with these settings in `slot` (started now if no file asked before). */
export async function keptShop(env: Record<string, string> = RAISED_LIMITS, slot = 0): Promise<ShopHandle> {
  const res = await fetch(`${inject('shopBrokerUrl')}/shops`, { method: 'POST', body: JSON.stringify({ env, slot }) });
  if (!res.ok) throw new Error(`the kept shop did not start: ${await res.text()}`);
  const { url, port } = (await res.json()) as { url: string; port: number };
  // The run's global setup stops it after the last file.
  return { url, port, stop: async () => undefined };
}
