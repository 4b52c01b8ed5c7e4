import type { Server, ServerResponse } from 'node:http';
import net from 'node:net';
import type { Core } from '@strapi/strapi';

/** How long SIGTERM/SIGINT waits for requests in flight (env SHUTDOWN_TIMEOUT_MS) before cutting them. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
/** Extra time given to Strapi's own teardown (closing the database) before the process exits regardless. */
const TEARDOWN_GRACE_MS = 5_000;
const POLL_MS = 20;
const QUIET_MS = 250;

export function shutdownTimeoutMs(value: string | undefined = process.env.SHUTDOWN_TIMEOUT_MS): number {
  const ms = Number.parseInt(value ?? '', 10);
  return Number.isFinite(ms) && ms >= 0 ? ms : DEFAULT_SHUTDOWN_TIMEOUT_MS;
}

export interface RequestTracker {
  inFlight(): number;
  /**
   * Stops accepting connections and waits until every request in flight has been answered, or `timeoutMs` passed.
   * Resolves with the number of requests still unanswered (0 when drained).
   */
  drain(timeoutMs: number): Promise<number>;
}

/** Counts the requests of `server` whose answer has not finished yet. */
export function trackRequests(server: Server): RequestTracker {
  const active = new Set<ServerResponse>();
  let draining = false;
  // First listener of 'request': it sees each request before Koa does.
  server.prependListener('request', (_req, res: ServerResponse) => {
    active.add(res);
    res.once('close', () => active.delete(res));
    // A request that reaches a draining server on a kept-alive connection is answered, then that connection closes.
    if (draining) res.shouldKeepAlive = false;
  });
  return {
    inFlight: () => active.size,
    async drain(timeoutMs) {
      draining = true;
      for (const res of active) if (!res.headersSent) res.shouldKeepAlive = false;
      // No new connections from now on: only the listening socket closes (http's own close() would also drop every
      // connection without a request yet, including one whose request is sent but not read yet).
      if (server.listening) net.Server.prototype.close.call(server);
      const deadline = Date.now() + timeoutMs;
      let quietSince = 0;
      while (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(1, deadline - Date.now()))));
        if (active.size > 0) {
          quietSince = 0;
          continue;
        }
        quietSince ||= Date.now();
        // Requests already sent on open connections are read within a few event-loop turns: once nothing has been
        // in flight for QUIET_MS, every request that was on its way has been answered.
        if (Date.now() - quietSince >= QUIET_MS) break;
      }
      // Connections still open carry no request (their answers went out with Connection: close or before the drain).
      server.closeIdleConnections();
      return active.size;
    },
  };
}

/**
 * Graceful shutdown. Strapi's own SIGTERM/SIGINT handler (registered by createStrapi) destroys every open
 * connection at once, cutting requests in flight (an order being written would get no answer). It is replaced by:
 * stop accepting connections, wait for the requests in flight up to SHUTDOWN_TIMEOUT_MS, then Strapi's teardown
 * (which cuts whatever is left and closes the database), then exit. A second signal is ignored; a teardown that
 * hangs is cut after a few more seconds.
 */
export function installGracefulShutdown(strapi: Core.Strapi): void {
  const tracker = trackRequests(strapi.server.httpServer);
  let shuttingDown = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    const timeoutMs = shutdownTimeoutMs();
    setTimeout(() => {
      strapi.log.error(`[shutdown] teardown did not finish in time: exiting now`);
      process.exit(1);
    }, timeoutMs + TEARDOWN_GRACE_MS).unref();
    strapi.log.info(
      `[shutdown] ${signal}: refusing new connections, waiting up to ${timeoutMs} ms for ${tracker.inFlight()} request(s) in flight`,
    );
    const left = await tracker.drain(timeoutMs);
    if (left > 0) strapi.log.warn(`[shutdown] ${left} request(s) still unanswered after ${timeoutMs} ms: cutting them`);
    else strapi.log.info('[shutdown] every request in flight was answered');
    let code = 0;
    try {
      await strapi.destroy();
    } catch (err) {
      strapi.log.error(`[shutdown] teardown failed: ${err instanceof Error ? err.message : String(err)}`);
      code = 1;
    }
    process.exit(code);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, (received: NodeJS.Signals) => void shutdown(received));
  }
}
