import { describe, expect, it } from 'vitest';
import { GO_LIVE_ITEM_IDS, goLiveChecklistSchema } from '../../contract/health.js';
import {
  dataFiscalItem,
  backupItem,
  backupStatusSchema,
  diskItem,
  emailItem,
  formatAge,
  formatBytes,
  formatShopDateTime,
  goLiveBackups,
  goLiveChecklist,
  goLiveProgress,
  httpsItem,
  lastErrorItem,
  mercadoPagoItem,
  invoicingItem,
  offsiteItem,
  publicUrlItem,
  redactErrorText,
  redisItem,
  twoFactorItem,
  type BackupStatus,
  type GoLiveFacts,
} from './index.js';

const NOW = Date.parse('2026-11-22T18:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const GIB = 1024 ** 3;
const ago = (hours: number) => new Date(NOW - hours * HOUR).toISOString();

const status = (over: Partial<BackupStatus> = {}): BackupStatus => ({
  version: 1,
  local: { at: ago(3), archive: 'shop-backup-a.tar.gz', bytes: 52 * 1024 * 1024 },
  remote: { at: ago(3), archive: 'shop-backup-a.tar.gz', bytes: 52 * 1024 * 1024, remote: 'offsite:jazmin-copias' },
  remoteConfigured: true,
  lastError: null,
  ...over,
});

/** A shop ready to open: every line green (Mercado Pago on, Redis configured). */
const ready = (): GoLiveFacts => ({
  now: NOW,
  publicUrl: 'https://jazminlenceria.com.ar',
  requestSecure: true,
  trustProxy: true,
  mail: { host: 'smtp.proveedor.com', port: 587, from: 'Jazmín Lencería <pedidos@jazminlenceria.com.ar>' },
  backup: { state: 'read', file: '/backups/backup-status.json', status: status() },
  mercadoPago: { enabled: true, accessToken: true, webhookSecret: true, testToken: false },
  invoicing: { started: true, environment: 'produccion', certificateNotAfter: new Date(NOW + 400 * 24 * HOUR).toISOString() },
  dataFiscal: { url: true, image: true },
  owners: { active: 2, withoutTwoFactor: 0, required: false },
  disks: [{ label: 'Fotos subidas', path: '/app/cms/public/uploads', freeBytes: 40 * GIB, totalBytes: 80 * GIB }],
  redis: { configured: true, up: true, latencyMs: 0.4 },
  lastError: null,
  lastErrorShared: true,
  processStartedAt: NOW - 50 * HOUR,
});

describe('formatting', () => {
  it('says how long ago in Spanish', () => {
    expect(formatAge(NOW - 20_000, NOW)).toBe('hace menos de un minuto');
    expect(formatAge(NOW - 5 * 60_000, NOW)).toBe('hace 5 min');
    expect(formatAge(ago(3), NOW)).toBe('hace 3 h');
    expect(formatAge(ago(30), NOW)).toBe('hace 30 h');
    expect(formatAge(ago(50), NOW)).toBe('hace 2 días');
    expect(formatAge('no es fecha', NOW)).toBe('en una fecha desconocida');
  });

  it('writes dates in the shop time zone and sizes with a decimal comma', () => {
    expect(formatShopDateTime('2026-11-22T18:05:00.000Z')).toBe('22/11/2026 15:05');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(3.4 * 1024 * 1024)).toBe('3,4 MB');
    expect(formatBytes(12 * GIB)).toBe('12 GB');
    expect(formatBytes(-1)).toBe('?');
  });

  it('keeps personal data and secrets out of error texts', () => {
    const text = redactErrorText(
      'insert failed for ana.perez@example.com phone 299 555 0110, DNI 30.123.456, value "Ana Pérez" token=abc.def url postgres://shop:clave@db:5432/shop\nmore',
    );
    expect(text).not.toMatch(/ana\.perez|555 0110|30\.123\.456|Ana Pérez|abc\.def|shop:clave/);
    expect(text).toContain('[email]');
    expect(text).not.toContain('\n');
    expect(redactErrorText('x'.repeat(500)).length).toBeLessThanOrEqual(200);
    expect(redactErrorText('connect ECONNREFUSED 127.0.0.1:9')).toBe('connect ECONNREFUSED 127.0.0.1:9');
  });
});

describe('the backup status file', () => {
  it('accepts the documented shape and refuses others', () => {
    expect(backupStatusSchema.safeParse(status()).success).toBe(true);
    expect(backupStatusSchema.safeParse({ ...status(), local: null, remote: null }).success).toBe(true);
    expect(backupStatusSchema.safeParse({ ...status(), version: 2 }).success).toBe(false);
    expect(backupStatusSchema.safeParse({ ...status(), local: { at: 'ayer', archive: 'a', bytes: 1 } }).success).toBe(false);
    expect(backupStatusSchema.safeParse({}).success).toBe(false);
  });
});

describe('the checklist lines', () => {
  it('is all green for a ready shop, one line per id, in order, valid for the contract', () => {
    const items = goLiveChecklist(ready());
    expect(items.map((i) => i.id)).toEqual([...GO_LIVE_ITEM_IDS]);
    expect(items.filter((i) => i.ok !== true)).toEqual([]);
    expect(items.every((i) => i.title !== '' && i.detail !== '' && i.action === '')).toBe(true);
    const backups = goLiveBackups(ready().backup);
    expect(backups).toEqual({
      local: { at: ago(3), bytes: 52 * 1024 * 1024 },
      remote: { at: ago(3), bytes: 52 * 1024 * 1024, remote: 'offsite:jazmin-copias' },
      remoteConfigured: true,
    });
    expect(goLiveBackups({ state: 'missing', file: 'f' })).toBeNull();
    expect(goLiveChecklistSchema.safeParse({ items, backups, checkedAt: new Date(NOW).toISOString() }).success).toBe(true);
    expect(goLiveProgress(items)).toEqual({ ready: 12, applicable: 12 });
  });

  it('HTTPS: needs both an https PUBLIC_URL and this request over HTTPS (through the trusted proxy)', () => {
    expect(httpsItem({ ...ready(), publicUrl: 'http://jazmin.com.ar' })).toMatchObject({
      ok: false,
      detail: /PUBLIC_URL no empieza con https/,
    });
    const plain = httpsItem({ ...ready(), requestSecure: false, trustProxy: false });
    expect(plain.ok).toBe(false);
    expect(plain.detail).toMatch(/TRUST_PROXY=true/);
    expect(plain.action).toMatch(/proxy HTTPS/);
    expect(httpsItem({ ...ready(), requestSecure: false }).detail).toMatch(/X-Forwarded-Proto/);
  });

  it('public URL: set, absolute, not this machine', () => {
    expect(publicUrlItem(ready())).toMatchObject({ ok: true, detail: 'https://jazminlenceria.com.ar' });
    expect(publicUrlItem({ ...ready(), publicUrl: 'https://jazmin.com.ar/' }).ok).toBe(true);
    for (const bad of ['', 'jazmin.com.ar', 'https://jazmin.com.ar/tienda', 'http://localhost:1337', 'http://127.0.0.1', 'ftp://x.com']) {
      const item = publicUrlItem({ ...ready(), publicUrl: bad });
      expect(item.ok, bad).toBe(false);
      expect(item.action).toMatch(/PUBLIC_URL/);
    }
    expect(publicUrlItem({ ...ready(), publicUrl: 'http://localhost:1337' }).detail).toMatch(/esta misma máquina/);
  });

  it('e-mail: a server and a sender', () => {
    expect(emailItem(ready()).detail).toContain('smtp.proveedor.com:587');
    expect(emailItem({ ...ready(), mail: { host: '', port: 587, from: '' } })).toMatchObject({ ok: false, detail: /SMTP_HOST/ });
    expect(emailItem({ ...ready(), mail: { host: 'smtp.x', port: 25, from: '' } })).toMatchObject({ ok: false, detail: /MAIL_FROM/ });
  });

  it('backup: missing, unreadable, none complete, too old, failed since, fresh', () => {
    const missing = backupItem({ ...ready(), backup: { state: 'missing', file: '/backups/backup-status.json' } });
    expect(missing).toMatchObject({ ok: false, detail: /Todavía no hay ninguna copia de seguridad/ });
    expect(missing.action).toMatch(/npm run backup/);
    const unreadable = backupItem({ ...ready(), backup: { state: 'unreadable', file: 'f', reason: 'no es JSON' } });
    expect(unreadable).toMatchObject({ ok: false, detail: /No se pudo leer .*no es JSON/ });
    const at = (s: BackupStatus) => backupItem({ ...ready(), backup: { state: 'read', file: 'f', status: s } });
    expect(at(status({ local: null })).ok).toBe(false);
    expect(at(status())).toMatchObject({ ok: true, detail: /Última copia local hace 3 h \(22\/11\/2026 12:00\), 52 MB/ });
    const old = at(status({ local: { at: ago(50), archive: 'a', bytes: 1 } }));
    expect(old).toMatchObject({ ok: false, detail: /hace 2 días .*más de 26 h/ });
    const failed = at(status({ lastError: { at: ago(1), stage: 'local', message: 'pg_dump no respondió' } }));
    expect(failed).toMatchObject({ ok: false, detail: /falló hace 1 h: pg_dump no respondió/ });
    // An older failure, already followed by a good copy, no longer counts.
    expect(at(status({ lastError: { at: ago(5), stage: 'local', message: 'x' } })).ok).toBe(true);
    expect(at(status({ local: { at: ago(25.5), archive: 'a', bytes: 1 } })).ok).toBe(true);
  });

  it('off-site copy: not configured, never uploaded, old, failed, fresh', () => {
    const at = (s: BackupStatus) => offsiteItem({ ...ready(), backup: { state: 'read', file: 'f', status: s } });
    const off = at(status({ remoteConfigured: false, remote: null }));
    expect(off).toMatchObject({ ok: false, detail: /No está configurada/ });
    expect(off.action).toMatch(/BACKUP_REMOTE/);
    expect(at(status({ remote: null })).detail).toMatch(/todavía no se subió ninguna copia/);
    expect(at(status())).toMatchObject({ ok: true, detail: /Última copia subida hace 3 h .* a offsite:jazmin-copias/ });
    expect(at(status({ remote: { at: ago(27), archive: 'a', bytes: 1, remote: 'offsite:b' } })).ok).toBe(false);
    expect(at(status({ lastError: { at: ago(1), stage: 'remote', message: 'rclone: acceso denegado' } }))).toMatchObject({
      ok: false,
      detail: /subida falló hace 1 h: rclone: acceso denegado/,
    });
    expect(offsiteItem({ ...ready(), backup: { state: 'missing', file: 'f' } }).ok).toBe(false);
  });

  it('Mercado Pago: only when switched on; red with missing, partial or test credentials', () => {
    const mp = (over: Partial<GoLiveFacts['mercadoPago']>) =>
      mercadoPagoItem({ ...ready(), mercadoPago: { ...ready().mercadoPago, ...over } });
    expect(mp({ enabled: false, accessToken: false, webhookSecret: false })).toMatchObject({ ok: null, action: '' });
    expect(mp({ webhookSecret: false })).toMatchObject({ ok: false, detail: /falta MERCADOPAGO_WEBHOOK_SECRET/ });
    expect(mp({ accessToken: false, webhookSecret: false }).detail).toMatch(/MERCADOPAGO_ACCESS_TOKEN y MERCADOPAGO_WEBHOOK_SECRET/);
    expect(mp({ testToken: true })).toMatchObject({ ok: false, detail: /de prueba/ });
  });

  it("invoicing: ARCA's certificate missing or expired is red, warned 30 days ahead; not started does not apply", () => {
    const inv = (over: Partial<GoLiveFacts['invoicing']>) => invoicingItem({ ...ready(), invoicing: { ...ready().invoicing, ...over } });
    const inDays = (days: number) => new Date(NOW + days * 24 * HOUR).toISOString();
    expect(inv({})).toMatchObject({ ok: true, detail: /En producción; el certificado vence el/ });
    expect(inv({ started: false, certificateNotAfter: null })).toMatchObject({ ok: null, action: '' });
    expect(inv({ certificateNotAfter: null })).toMatchObject({ ok: false, detail: /Falta el certificado de ARCA/ });
    expect(inv({ certificateNotAfter: inDays(-1) })).toMatchObject({ ok: false, detail: /venció el/ });
    expect(inv({ certificateNotAfter: inDays(29.5) })).toMatchObject({ ok: false, detail: /vence el .* \(en 30 días\)/ });
    expect(inv({ certificateNotAfter: inDays(0.5) }).detail).toMatch(/\(en 1 día\)/);
    expect(inv({ certificateNotAfter: inDays(31) }).ok).toBe(true);
    expect(inv({ environment: 'homologacion' })).toMatchObject({ ok: false, detail: /homologación/ });
  });

  it('Data Fiscal: red until both its link and its image are set, naming what is missing', () => {
    const df = (over: Partial<GoLiveFacts['dataFiscal']>) => dataFiscalItem({ ...ready(), dataFiscal: { ...ready().dataFiscal, ...over } });
    expect(df({})).toMatchObject({ ok: true, action: '' });
    expect(df({ url: false, image: false })).toMatchObject({ ok: false, detail: /^Falta la dirección y la imagen del Data Fiscal/ });
    expect(df({ image: false })).toMatchObject({ ok: false, detail: /^Falta la imagen del Data Fiscal/, action: /Contenido › Legales/ });
    expect(df({ url: false }).detail).toMatch(/^Falta la dirección del Data Fiscal/);
  });

  it('two-factor: names how many owners lack it, never who', () => {
    expect(twoFactorItem({ ...ready(), owners: { active: 3, withoutTwoFactor: 2, required: false } })).toMatchObject({
      ok: false,
      detail: '2 de 3 cuentas de dueña/o entran solo con contraseña.',
    });
    expect(twoFactorItem({ ...ready(), owners: { active: 1, withoutTwoFactor: 1, required: false } }).detail).toBe(
      'La única cuenta de dueña/o entra solo con contraseña.',
    );
    expect(twoFactorItem({ ...ready(), owners: { active: 1, withoutTwoFactor: 0, required: true } }).detail).toMatch(/exige/);
  });

  it('disk: red under 1 GB or 5 % free, or when it cannot be measured', () => {
    const disk = (freeBytes: number, totalBytes: number) =>
      diskItem({ ...ready(), disks: [{ label: 'Base de datos', path: '/d', freeBytes, totalBytes }] });
    expect(disk(40 * GIB, 80 * GIB).detail).toBe('Base de datos: 40 GB libres de 80 GB (50 %).');
    expect(disk(0.5 * GIB, 2 * GIB).ok).toBe(false);
    expect(disk(4 * GIB, 100 * GIB).ok).toBe(false);
    expect(disk(6 * GIB, 100 * GIB).ok).toBe(true);
    expect(diskItem({ ...ready(), disks: [{ label: 'Fotos', path: '/u', error: 'ENOENT' }] })).toMatchObject({
      ok: false,
      detail: /no se pudo medir/,
    });
  });

  it('Redis: ping when configured, not needed without REDIS_URL', () => {
    expect(redisItem(ready()).detail).toMatch(/menos de 1 ms/);
    expect(redisItem({ ...ready(), redis: { configured: true, up: false, latencyMs: 2000 } })).toMatchObject({ ok: false });
    expect(redisItem({ ...ready(), redis: { configured: false } })).toMatchObject({ ok: null, detail: /un solo proceso/ });
  });

  it('last server error: red within 24 h, with when, route and message; this process only without Redis', () => {
    const error = {
      at: ago(2),
      method: 'POST',
      route: '/api/payments/mercadopago/webhook',
      status: 502,
      message: 'Mercado Pago no responde',
    };
    expect(lastErrorItem({ ...ready(), lastError: error })).toMatchObject({
      ok: false,
      detail: 'Hace 2 h (22/11/2026 13:00): POST /api/payments/mercadopago/webhook respondió 502 (Mercado Pago no responde).',
    });
    expect(lastErrorItem({ ...ready(), lastError: { ...error, at: ago(30) } })).toMatchObject({
      ok: true,
      detail: /Ninguno en las últimas 24 h/,
    });
    expect(lastErrorItem({ ...ready(), lastErrorShared: false }).detail).toBe(
      'Ninguno registrado (de este proceso, desde que arrancó hace 2 días).',
    );
  });

  it('counts only the lines that apply', () => {
    const items = goLiveChecklist({ ...ready(), redis: { configured: false }, publicUrl: '' });
    expect(goLiveProgress(items)).toEqual({ ready: 9, applicable: 11 });
  });
});
