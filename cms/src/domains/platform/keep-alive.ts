import type { Server } from 'node:http';

/**
 * How long an idle keep-alive connection stays open (KEEP_ALIVE_TIMEOUT_MS, default 125 s). Node closes one after 5 s
 * by default, shorter than the clients that reuse it: Caddy keeps its connections to the app for 2 minutes, browsers
 * and HTTP libraries for a while too, so a request sent on a connection the app was closing at that instant failed
 * with a reset ("socket hang up"), seen by the browser tests under load. The app now outlives its clients' idle
 * timeouts; the graceful shutdown still closes idle connections at once (graceful-shutdown.ts).
 */
export function keepConnectionsOpen(server: Server, env: NodeJS.ProcessEnv = process.env): void {
  const configured = Number(env.KEEP_ALIVE_TIMEOUT_MS);
  const timeout = Number.isFinite(configured) && configured > 0 ? configured : 125_000;
  server.keepAliveTimeout = timeout;
}
