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

export interface Answer {
  status: number;
  body: Record<string, unknown>;
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

function sendFrom(localAddress: string, url: string, body: unknown, headers: Record<string, string>, lastByteAfter: Promise<void>): Promise<Answer> {
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
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.write(payload.subarray(0, -1));
    void lastByteAfter.then(() => req.end(payload.subarray(-1)));
  });
}
