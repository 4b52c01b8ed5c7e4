import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls, { type PeerCertificate } from 'node:tls';
import { CMS_DIR, runningStrapi, TEST_ADMIN, TEST_SHOPPER, type RunningStrapi, type TestDatabase } from './strapi-process';
import { spawnStrapiStart } from './strapi-start.mjs';

/**
 * The shop's production reverse proxy, run for real: Caddy (Debian's `caddy`, or CADDY_BIN) with the repository's
 * deploy/Caddyfile, the very file docker-compose.yml mounts. Only what the Caddyfile reads from SHOP_PROXY_*
 * variables differs from production: unprivileged ports, an admin endpoint of its own, and a small DNS server
 * standing in for Docker's, which lists the app replicas under the name `app` (the replicas listen on 127.0.0.2,
 * 127.0.0.3, … on one port, as containers do on theirs). PUBLIC_DOMAIN is a *.localhost name: Caddy serves it with
 * a certificate of its own local CA, whose root the clients below trust (the TLS chain is verified, never skipped).
 */
export const CADDYFILE = path.resolve(CMS_DIR, '..', 'deploy', 'Caddyfile');
export const CADDY_BIN = process.env.CADDY_BIN ?? 'caddy';

/** The Caddy binary's version line; throws (a failure, never a skip) when it is missing. */
export function caddyVersion(): string {
  try {
    return execFileSync(CADDY_BIN, ['version'], { encoding: 'utf8' }).trim();
  } catch (error) {
    throw new Error(
      `The real reverse proxy is required: '${CADDY_BIN}' does not run (${(error as Error).message}). ` +
        `Install Debian's caddy package (apt-get install caddy) or set CADDY_BIN.`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Docker's DNS, in small: A records for a few names, over UDP and TCP (Caddy 2.6 asks over TCP, later ones UDP).

export interface AppDns {
  /** host:port to give Caddy as its resolver. */
  address: string;
  /** Replaces the addresses of `name` (an empty list: the name no longer exists, as a stopped service). */
  set(name: string, addresses: string[]): void;
  close(): Promise<void>;
}

function dnsAnswer(records: Map<string, string[]>, query: Buffer): Buffer | null {
  if (query.length < 12) return null;
  let at = 12;
  const labels: string[] = [];
  while (at < query.length && query[at] !== 0) {
    const length = query[at]!;
    labels.push(query.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += length + 1;
  }
  const questionEnd = at + 5;
  if (questionEnd > query.length) return null;
  const type = query.readUInt16BE(at + 1);
  const known = records.get(labels.join('.').toLowerCase());
  const addresses = known && type === 1 ? known : [];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  // Answer, authoritative, recursion available; opcode and "recursion desired" as asked; NXDOMAIN for other names.
  header.writeUInt16BE(0x8480 | (query.readUInt16BE(2) & 0x7900) | (known && known.length > 0 ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(addresses.length, 6);
  const answers = addresses.map((ip) => {
    const record = Buffer.alloc(16);
    record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    record.writeUInt16BE(1, 2); // A
    record.writeUInt16BE(1, 4); // IN
    record.writeUInt32BE(0, 6); // TTL 0: Caddy's `refresh` decides how long it keeps them
    record.writeUInt16BE(4, 10);
    ip.split('.').forEach((octet, i) => (record[12 + i] = Number(octet)));
    return record;
  });
  return Buffer.concat([header, query.subarray(12, questionEnd), ...answers]);
}

export async function startAppDns(initial: Record<string, string[]>): Promise<AppDns> {
  const records = new Map(Object.entries(initial));
  const onMessage = (query: Buffer, from: dgram.RemoteInfo) => {
    const answer = dnsAnswer(records, query);
    if (answer) udp.send(answer, from.port, from.address);
  };
  let udp = dgram.createSocket('udp4');
  udp.on('message', onMessage);
  const connections = new Set<net.Socket>();
  const tcp = net.createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    socket.on('error', () => socket.destroy());
    let pending = Buffer.alloc(0);
    socket.on('data', (data: Buffer) => {
      pending = Buffer.concat([pending, data]);
      while (pending.length >= 2 && pending.length >= 2 + pending.readUInt16BE(0)) {
        const query = pending.subarray(2, 2 + pending.readUInt16BE(0));
        pending = pending.subarray(2 + query.length);
        const answer = dnsAnswer(records, query);
        if (!answer) continue;
        const length = Buffer.alloc(2);
        length.writeUInt16BE(answer.length);
        socket.write(Buffer.concat([length, answer]));
      }
    });
  });
  // The UDP port is the OS's choice; the same number on TCP may be taken (by an ephemeral client port or another
  // test's server): then both are given up and another is tried.
  let port = 0;
  for (let attempt = 1; ; attempt += 1) {
    port = await new Promise<number>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(0, '127.0.0.1', () => resolve(udp.address().port));
    });
    const listened = await new Promise<Error | null>((resolve) => {
      tcp.once('error', resolve);
      tcp.listen(port, '127.0.0.1', () => resolve(null));
    });
    if (!listened) break;
    await new Promise((done) => udp.close(() => done(undefined)));
    if (attempt >= 10 || !/EADDRINUSE/.test(String(listened))) throw listened;
    udp = dgram.createSocket('udp4');
    udp.on('message', onMessage);
  }
  return {
    address: `127.0.0.1:${port}`,
    set: (name, addresses) => void records.set(name.toLowerCase(), addresses),
    close: async () => {
      for (const socket of connections) socket.destroy();
      await Promise.all([new Promise((done) => udp.close(() => done(undefined))), new Promise((done) => tcp.close(() => done(undefined)))]);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Caddy itself.

export interface ProxyAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body parsed as JSON, or `{ text }` when it is not JSON. */
  body: Record<string, unknown>;
  raw: Buffer;
  /** The certificate the proxy presented (HTTPS only). */
  certificate?: PeerCertificate;
}

export interface ProxyRequest {
  method?: string;
  /** An object is sent as JSON; a Buffer or string as is (set its content-type in `headers`). */
  body?: unknown;
  headers?: Record<string, string>;
  /** The client's own address (any 127.x): each one is another client for the rate limits. */
  from?: string;
  /** Plain HTTP to the proxy's port 80 equivalent instead of HTTPS. */
  plain?: boolean;
  /** Trust this PEM instead of Caddy's root (undefined: Caddy's; null: only Node's default roots). */
  ca?: string | null;
}

export interface ShopProxy {
  /** PUBLIC_DOMAIN: a *.localhost name, reached on 127.0.0.1 with this name as Host and TLS server name. */
  domain: string;
  httpsPort: number;
  httpPort: number;
  /** The Caddyfile's health listener (SHOP_PROXY_HEALTH_PORT; 8081 in production). */
  healthPort: number;
  /** PEM of the root of Caddy's local CA, which signed the domain's certificate. */
  rootCertificate: string;
  process: ChildProcess;
  logs(): string;
  request(pathname: string, options?: ProxyRequest): Promise<ProxyAnswer>;
  /** A JSON POST from the client at `from`. */
  post(from: string, pathname: string, body: unknown, headers?: Record<string, string>): Promise<ProxyAnswer>;
  /**
   * Many JSON POSTs from `from` that reach the proxy at the same instant: every body is sent but its last byte, and
   * once all are on the wire the last bytes go together.
   */
  burst(from: string, pathname: string, bodies: unknown[]): Promise<ProxyAnswer[]>;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (the OS's choice, released at once). */
export function freeTcpPort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function portIsFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** One port free on every address in `hosts` (replicas listen on the same port, each on its own address). */
export async function freePortOn(hosts: string[]): Promise<number> {
  for (;;) {
    const port = await freeTcpPort(hosts[0]);
    const free = await Promise.all(hosts.slice(1).map((host) => portIsFree(host, port)));
    if (free.every(Boolean)) return port;
  }
}

export interface ProxyOptions {
  dns: AppDns;
  /** The port every replica listens on (SHOP_PROXY_APP_PORT; 1337 in production). */
  appPort: number;
  domain?: string;
}

/** Starts `caddy run` with deploy/Caddyfile and waits until it serves the domain's certificate. */
export async function startShopProxy(options: ProxyOptions): Promise<ShopProxy> {
  caddyVersion();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await launchCaddy(options);
    } catch (error) {
      // A port taken between choosing it and Caddy binding it: once more with others.
      if (attempt >= 3 || !/address already in use/.test(String(error))) throw error;
    }
  }
}

async function launchCaddy({ dns, appPort, domain = 'shop.localhost' }: ProxyOptions): Promise<ShopProxy> {
  const [httpPort, httpsPort, healthPort, adminPort] = await Promise.all([freeTcpPort(), freeTcpPort(), freeTcpPort(), freeTcpPort()]);
  const home = mkdtempSync(path.join(tmpdir(), 'shop-caddy-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    // Certificates, the local CA and autosaved config go here, never to the user's own Caddy folders.
    XDG_DATA_HOME: path.join(home, 'data'),
    XDG_CONFIG_HOME: path.join(home, 'config'),
    PUBLIC_DOMAIN: domain,
    SHOP_PROXY_HTTP_PORT: String(httpPort),
    SHOP_PROXY_HTTPS_PORT: String(httpsPort),
    SHOP_PROXY_HEALTH_PORT: String(healthPort),
    SHOP_PROXY_ADMIN: `127.0.0.1:${adminPort}`,
    SHOP_PROXY_APP_PORT: String(appPort),
    SHOP_PROXY_DNS: dns.address,
  };
  const child = spawn(CADDY_BIN, ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const rootPath = path.join(home, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');

  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(home, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });

  // Ready when the domain's certificate, from the local CA, completes a verified handshake.
  const deadline = Date.now() + 30_000;
  let rootCertificate = '';
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(home, { recursive: true, force: true });
      throw new Error(`caddy exited early (code ${child.exitCode}):\n${output.slice(-4000)}`);
    }
    if (!rootCertificate && existsSync(rootPath)) rootCertificate = readFileSync(rootPath, 'utf8');
    if (rootCertificate && (await handshakes(httpsPort, domain, rootCertificate))) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`caddy did not serve ${domain} over HTTPS in time:\n${output.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const request = (pathname: string, options: ProxyRequest = {}) =>
    send({
      domain,
      port: options.plain ? httpPort : httpsPort,
      ca: options.ca === undefined ? rootCertificate : options.ca,
      pathname,
      options,
    });
  return {
    domain,
    httpsPort,
    httpPort,
    healthPort,
    rootCertificate,
    process: child,
    logs: () => output,
    request,
    post: (from, pathname, body, headers = {}) => request(pathname, { method: 'POST', body, headers, from }),
    burst: async (from, pathname, bodies) => {
      let release: () => void = () => undefined;
      const go = new Promise<void>((resolve) => (release = resolve));
      const answers = Promise.all(
        bodies.map((body) =>
          send({ domain, port: httpsPort, ca: rootCertificate, pathname, options: { method: 'POST', body, from }, lastByteAfter: go }),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      release();
      return answers;
    },
    stop,
  };
}

function handshakes(port: number, servername: string, ca: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername, ca }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

interface SendInput {
  domain: string;
  port: number;
  ca: string | null;
  pathname: string;
  options: ProxyRequest;
  lastByteAfter?: Promise<void>;
}

function send({ domain, port, ca, pathname, options, lastByteAfter }: SendInput): Promise<ProxyAnswer> {
  const headers: Record<string, string> = { host: `${domain}:${port}`, ...options.headers };
  let payload: Buffer | undefined;
  if (Buffer.isBuffer(options.body)) payload = options.body;
  else if (typeof options.body === 'string') payload = Buffer.from(options.body);
  else if (options.body !== undefined) {
    payload = Buffer.from(JSON.stringify(options.body));
    headers['content-type'] ??= 'application/json';
  }
  if (payload) headers['content-length'] = String(payload.length);
  const common = {
    host: '127.0.0.1',
    port,
    path: pathname,
    method: options.method ?? (payload ? 'POST' : 'GET'),
    headers,
    localAddress: options.from,
    agent: false as const,
  };
  return new Promise((resolve, reject) => {
    const onAnswer = (res: http.IncomingMessage) => {
      const certificate = 'getPeerCertificate' in res.socket ? (res.socket as tls.TLSSocket).getPeerCertificate() : undefined;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(raw.toString()) as Record<string, unknown>;
        } catch {
          body = { text: raw.toString() };
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, raw, certificate });
      });
    };
    const req = options.plain
      ? http.request(common, onAnswer)
      : https.request({ ...common, servername: domain, ...(ca === null ? {} : { ca }) }, onAnswer);
    req.on('error', reject);
    if (!payload) req.end();
    else if (!lastByteAfter) req.end(payload);
    else {
      req.write(payload.subarray(0, -1));
      void lastByteAfter.then(() => req.end(payload.subarray(-1)));
    }
  });
}

// ---------------------------------------------------------------------------------------------------------------
// App replicas as the proxy sees them: each on its own address, all on one port.

/**
 * Starts `strapi start` on `host`:`port` (like startStrapi in strapi-process.ts, which always listens on 127.0.0.1
 * on a port of its own) and waits until /api/health answers there.
 */
export async function startReplica(
  database: TestDatabase,
  host: string,
  port: number,
  extraEnv: Record<string, string> = {},
): Promise<RunningStrapi> {
  const child = spawnStrapiStart(port, TEST_ADMIN, {
    SEED_TEST_SHOPPER_EMAIL: TEST_SHOPPER.email,
    SEED_TEST_SHOPPER_PASSWORD: TEST_SHOPPER.password,
    STOREFRONT_DIST: path.join(CMS_DIR, '.tmp', 'no-storefront-in-api-tests'),
    ADMIN_PANEL_DIST: path.join(CMS_DIR, '.tmp', 'no-admin-panel-in-api-tests'),
    ...database.env,
    ...extraEnv,
    HOST: host,
  });
  return runningStrapi(child, `http://${host}:${port}`, port, `Strapi on ${host}`);
}

/**
 * How many requests a replica has answered whose log line (Strapi's `http: METHOD /path… (N ms) status`) starts
 * with `method` and `pathPrefix`: which replica served what, as the proxy does not say.
 */
export function answeredBy(app: RunningStrapi, method: string, pathPrefix: string): number {
  const escaped = `${method} ${pathPrefix}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  // eslint-disable-next-line no-control-regex -- the log's colours (ANSI escapes) sit between the level and its colon
  const plain = app.logs().replace(/\x1b\[[0-9;]*m/g, '');
  return plain.match(new RegExp(`\\bhttp: ${escaped}`, 'g'))?.length ?? 0;
}
