// Static checks of the production shape's proxy (docker-compose.yml and the nginx file it mounts), without a container
// engine: several app replicas, reachable only through the proxy, which balances over the app service and appends
// the client address to X-Forwarded-For, the one hop the app trusts (TRUST_PROXY).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

/** nginx directives (name and arguments) in `block` ("upstream shop_app", "location /", …), comments dropped. */
function directives(text, block) {
  const source = text.replace(/#[^\n]*/g, '');
  const start = source.search(new RegExp(`${block.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*\\{`));
  if (start < 0) return [];
  let depth = 0;
  let body = '';
  for (let i = source.indexOf('{', start); i < source.length; i += 1) {
    if (source[i] === '{') depth += 1;
    if (source[i] === '}') depth -= 1;
    if (depth === 0) break;
    body += source[i];
  }
  return body
    .slice(1)
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .filter((d) => d[0]);
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
    'compose: the proxy publishes the shop port',
    Boolean(proxy) && (proxy.ports ?? []).some((p) => /:80$/.test(String(p))),
    JSON.stringify(proxy?.ports),
  );
  const mount = (proxy?.volumes ?? []).map(String).find((v) => v.includes('/etc/nginx/conf.d/'));
  const file = mount ? path.resolve(root, mount.split(':')[0]) : '';
  if (!check('compose: the proxy mounts its nginx configuration from the repository', Boolean(file) && existsSync(file), mount ?? '(none)'))
    return;
  const conf = readFileSync(file, 'utf8');
  const location = directives(conf, 'location /');
  const pass = location.find((d) => d[0] === 'proxy_pass')?.[1] ?? '';
  const upstreamName = /^http:\/\/([A-Za-z0-9_]+)$/.exec(pass)?.[1];
  const servers = upstreamName ? directives(conf, `upstream ${upstreamName}`).filter((d) => d[0] === 'server') : [];
  const appPort = String(app.environment.PORT);
  check(
    'nginx: proxy_pass balances over the app service (Docker DNS, re-resolved)',
    servers.length === 1 && servers[0][1] === `app:${appPort}` && servers[0].includes('resolve') && /resolver\s+127\.0\.0\.11\b/.test(conf),
    `${pass} → ${servers.map((s) => s.slice(1).join(' ')).join(', ') || '(no upstream)'}`,
  );
  const forwarded = location.find((d) => d[0] === 'proxy_set_header' && d[1]?.toLowerCase() === 'x-forwarded-for');
  check(
    'nginx: appends the client address to X-Forwarded-For',
    forwarded?.[2] === '$proxy_add_x_forwarded_for' || forwarded?.[2] === '$remote_addr',
    forwarded?.join(' ') ?? '(not set)',
  );
}
