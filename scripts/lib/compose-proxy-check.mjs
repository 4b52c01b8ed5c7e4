// Checks of the production shape's front door without a container engine: docker-compose.yml read as data, and the
// Caddyfile it mounts adapted by the real Caddy binary (`caddy adapt`, Debian's package or CADDY_BIN), whose JSON is
// then checked: HTTPS for PUBLIC_DOMAIN on 80/443 with the automatic redirect, HSTS, the app's replicas balanced
// through Docker's DNS, X-Forwarded-For set to the client's address (the one hop the app trusts, TRUST_PROXY), and
// the healthcheck pointed at the Caddyfile's health listener. The proxy running for real, with a certificate, in
// front of two app processes: cms/tests/resilience/https-proxy.test.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

const HSTS = 'max-age=31536000; includeSubDomains';

/** Every object in `value` (depth first), for searching the adapted JSON. */
function* objects(value) {
  if (Array.isArray(value)) for (const item of value) yield* objects(item);
  else if (value && typeof value === 'object') {
    yield value;
    for (const item of Object.values(value)) yield* objects(item);
  }
}

export function checkComposeProxy(root, check) {
  const compose = YAML.parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'));
  const app = compose.services.app;
  const proxy = compose.services.proxy;
  check(
    'compose: the app runs APP_REPLICAS replicas (default 2)',
    String(app.deploy?.replicas) === '${APP_REPLICAS:-2}',
    String(app.deploy?.replicas),
  );
  check('compose: the app publishes no port (only the proxy is reachable)', app.ports === undefined);
  check(
    'compose: the app trusts the one proxy hop (TRUST_PROXY "true")',
    app.environment.TRUST_PROXY === 'true',
    String(app.environment.TRUST_PROXY),
  );
  check('compose: every replica mounts the uploads volume', (app.volumes ?? []).includes('uploads:/app/cms/public/uploads'));
  check(
    "compose: the app's PUBLIC_URL is https:// on PUBLIC_DOMAIN, which is required",
    /^https:\/\/\$\{PUBLIC_DOMAIN:\?[^}]+\}$/.test(String(app.environment.PUBLIC_URL)),
    String(app.environment.PUBLIC_URL),
  );
  const proxyDockerfile = proxy?.build?.dockerfile ? path.join(root, proxy.build.context ?? '.', proxy.build.dockerfile) : '';
  const proxyImage = proxyDockerfile && existsSync(proxyDockerfile) ? readFileSync(proxyDockerfile, 'utf8') : '';
  if (
    !check(
      "compose: the proxy is built from Debian's caddy package (the binary the tests run)",
      /^FROM debian:bookworm/m.test(proxyImage) && /apt-get install[^\n]*\bcaddy\b/.test(proxyImage) && /\bwget\b/.test(proxyImage),
      proxyDockerfile ? path.relative(root, proxyDockerfile) : JSON.stringify(proxy?.image ?? '(none)'),
    )
  )
    return;
  const ports = (proxy.ports ?? []).map(String);
  check('compose: the proxy publishes ports 80 and 443', ports.includes('80:80') && ports.includes('443:443'), JSON.stringify(ports));
  check(
    'compose: the proxy requires PUBLIC_DOMAIN',
    /^\$\{PUBLIC_DOMAIN:\?[^}]+\}$/.test(String(proxy.environment?.PUBLIC_DOMAIN)),
    String(proxy.environment?.PUBLIC_DOMAIN),
  );
  const volumes = (proxy.volumes ?? []).map(String);
  check(
    "compose: certificates and Caddy's state survive restarts (volumes on /data and /config)",
    ['/data', '/config'].every((dir) => volumes.some((v) => v.split(':')[1] === dir && compose.volumes?.[v.split(':')[0]] !== undefined)),
    JSON.stringify(volumes),
  );
  const mount = volumes.find((v) => v.split(':')[1] === '/etc/caddy/Caddyfile');
  const file = mount ? path.resolve(root, mount.split(':')[0]) : '';
  if (!check('compose: the proxy mounts deploy/Caddyfile from the repository', Boolean(file) && existsSync(file), mount ?? '(none)'))
    return;

  // The real binary adapts the file as the container would see it: PUBLIC_DOMAIN set, the test-only SHOP_PROXY_*
  // variables unset (their production defaults apply).
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SHOP_PROXY_')));
  let config;
  try {
    const json = execFileSync(process.env.CADDY_BIN ?? 'caddy', ['adapt', '--config', file, '--adapter', 'caddyfile'], {
      env: { ...env, PUBLIC_DOMAIN: 'tienda.example' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    config = JSON.parse(json);
    check(`caddy adapt ${path.relative(root, file)} succeeds`, true);
  } catch (error) {
    check(
      `caddy adapt ${path.relative(root, file)} succeeds (needs the caddy binary)`,
      false,
      String(error.stderr || error.message).trim(),
    );
    return;
  }
  const http = config.apps?.http ?? {};
  const servers = Object.values(http.servers ?? {});
  const site = servers.find((s) => JSON.stringify(s.routes ?? []).includes('"tienda.example"'));
  check(
    'Caddyfile: PUBLIC_DOMAIN served on 443 (HTTPS), http_port 80',
    (http.https_port ?? 443) === 443 && (http.http_port ?? 80) === 80 && Boolean(site) && site.listen?.includes(':443'),
    JSON.stringify(site?.listen),
  );
  check(
    'Caddyfile: automatic HTTPS (certificate and http→https redirect) left on',
    Boolean(site) &&
      !site.automatic_https?.disable &&
      !site.automatic_https?.disable_redirects &&
      !config.apps?.tls?.automation?.policies?.some((p) => p.issuers?.some((i) => i.module === 'internal')),
    JSON.stringify(site?.automatic_https ?? {}),
  );
  const handlers = [...objects(site?.routes ?? [])];
  const hsts = handlers.find((h) => h.handler === 'headers')?.response;
  check(
    `Caddyfile: HSTS "${HSTS}", replacing the app's copy`,
    hsts?.set?.['Strict-Transport-Security']?.[0] === HSTS && hsts?.deferred === true,
    JSON.stringify(hsts ?? {}),
  );
  const body = handlers.find((h) => h.handler === 'request_body');
  check(
    'Caddyfile: request bodies up to 11 MiB (the app answers its own 413 for 10 MB images)',
    body?.max_size >= 10.5 * 1024 * 1024 && body?.max_size <= 12 * 1024 * 1024,
    String(body?.max_size),
  );
  const proxyHandler = handlers.find((h) => h.handler === 'reverse_proxy');
  const upstreams = proxyHandler?.dynamic_upstreams;
  check(
    'Caddyfile: balances over the app service as Docker DNS lists it (re-resolved, round robin)',
    upstreams?.source === 'a' &&
      upstreams.name === 'app' &&
      String(upstreams.port) === String(app.environment.PORT) &&
      upstreams.resolver?.addresses?.includes('127.0.0.11') &&
      proxyHandler.load_balancing?.selection_policy?.policy === 'round_robin' &&
      proxyHandler.load_balancing?.try_duration > 0,
    JSON.stringify(upstreams ?? {}),
  );
  check(
    'Caddyfile: X-Forwarded-For is the client address (no trusted proxies, no header rewrite)',
    Boolean(proxyHandler) &&
      !proxyHandler.trusted_proxies &&
      servers.every((s) => !s.trusted_proxies) &&
      !/x-forwarded-for/i.test(JSON.stringify(proxyHandler.headers ?? {})),
    JSON.stringify(proxyHandler?.trusted_proxies ?? 'none'),
  );
  const healthUrl = (proxy.healthcheck?.test ?? []).find((arg) => /^https?:\/\//.test(String(arg)));
  const healthListen = healthUrl ? `${new URL(healthUrl).hostname}:${new URL(healthUrl).port || 80}` : '';
  check(
    "compose: the proxy's healthcheck targets the Caddyfile's health listener",
    Boolean(healthUrl) && servers.some((s) => s.listen?.includes(healthListen)),
    `${healthUrl ?? '(no URL)'}; listeners ${servers.map((s) => s.listen?.join(' ')).join(', ')}`,
  );
}
