import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReverseProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * A minimal reverse proxy like the shop's production one (nginx's `$proxy_add_x_forwarded_for`): it forwards every
 * request to `target` and appends the address the request really came from to X-Forwarded-For.
 */
export function startReverseProxy(target: string): Promise<ReverseProxy> {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const previous = req.headers['x-forwarded-for'];
    const forwarded = [previous, req.socket.remoteAddress].filter(Boolean).join(', ');
    const out = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host, 'x-forwarded-for': forwarded },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

export interface Balancer extends ReverseProxy {
  /** How many answers each target gave (same order as the targets). */
  served: number[];
}

/** Errors that mean the target never got the request: trying another one is safe whatever the method. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * A load balancer like the production one (nginx's upstream over the app replicas): round robin over `targets`,
 * X-Forwarded-For appended as `startReverseProxy` does, the index of the target that answered in `X-Upstream`.
 * A target that refuses the connection is marked down for `downForMs` and the request goes to the next one (the
 * body is buffered, so nothing was sent yet). A target that drops a request it already received answers 502 and is
 * marked down too, but that request is not sent again (it may have been handled): the client retries, as nginx's
 * default `proxy_next_upstream` never resends a POST.
 */
export function startBalancer(targets: string[], downForMs = 5000): Promise<Balancer> {
  const upstreams = targets.map((target) => new URL(target));
  const downUntil = targets.map(() => 0);
  const served = targets.map(() => 0);
  let cursor = 0;

  /** The targets to try, in order: the next in turn first, those marked down skipped (all, when every one is). */
  function candidates(): number[] {
    const order = targets.map((_, i) => (cursor + i) % targets.length);
    cursor = (cursor + 1) % targets.length;
    const up = order.filter((i) => downUntil[i]! <= Date.now());
    return up.length > 0 ? up : order;
  }

  function forward(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, forwarded: string, left: number[]): void {
    const index = left[0];
    if (index === undefined) {
      res.writeHead(502);
      res.end();
      return;
    }
    const upstream = upstreams[index]!;
    // The body goes whole, with its length; this hop's own connection headers stay here.
    const { 'transfer-encoding': _chunked, connection: _connection, ...headers } = req.headers;
    const out = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        agent: false,
        headers: { ...headers, host: upstream.host, 'x-forwarded-for': forwarded, 'content-length': String(body.length) },
      },
      (answer) => {
        served[index] = (served[index] ?? 0) + 1;
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': String(index) });
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    out.on('error', (err: NodeJS.ErrnoException) => {
      downUntil[index] = Date.now() + downForMs;
      if (res.headersSent) {
        res.destroy();
      } else if (NOT_CONNECTED.has(err.code ?? '')) {
        forward(req, res, body, forwarded, left.slice(1));
      } else {
        res.writeHead(502, { 'x-upstream': String(index) });
        res.end();
      }
    });
    out.end(body);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const previous = req.headers['x-forwarded-for'];
      const forwarded = [previous, req.socket.remoteAddress].filter(Boolean).join(', ');
      forward(req, res, Buffer.concat(chunks), forwarded, candidates());
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        served,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

/** A JSON POST from a given local address (127.0.0.0/8 all reach this machine), so one test can be many clients. */
export function postFrom(localAddress: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return sendFrom(localAddress, url, body, headers, Promise.resolve());
}

/**
 * Many JSON POSTs that reach the server at the same instant: every body is sent but its last byte, and once all
 * are on the wire the last bytes go together, so the server starts handling all of them in the same moment.
 */
export async function burstFrom(localAddress: string, url: string, bodies: unknown[]): Promise<Answer[]> {
  let release: () => void = () => undefined;
  const go = new Promise<void>((resolve) => (release = resolve));
  const answers = Promise.all(bodies.map((body) => sendFrom(localAddress, url, body, {}, go)));
  await new Promise((resolve) => setTimeout(resolve, 500));
  release();
  return answers;
}

function sendFrom(
  localAddress: string,
  url: string,
  body: unknown,
  headers: Record<string, string>,
  lastByteAfter: Promise<void>,
): Promise<Answer> {
  const target = new URL(url);
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': String(payload.length), ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          let parsed: Record<string, unknown> = {};
          try {
            parsed = JSON.parse(text) as Record<string, unknown>;
          } catch {
            parsed = { text };
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    req.write(payload.subarray(0, -1));
    void lastByteAfter.then(() => req.end(payload.subarray(-1)));
  });
}
