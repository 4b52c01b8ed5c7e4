import { z } from 'zod';
import type { GoLiveBackups, GoLiveItem } from '../contract/health.js';
import { SHOP_TIME_ZONE } from '../order-number.js';

/**
 * The owner's go-live checklist ("Lista para abrir la tienda"): the rules that turn raw facts the server gathered
 * (environment, backup status file, disk space, accounts...) into green/red lines with Spanish texts. Pure: the
 * server gathers, these functions decide and word, the back office reuses the formatting.
 */

const HOUR_MS = 60 * 60 * 1000;
const GIB = 1024 ** 3;

/** A backup (local or off-site) older than this is a red line: the daily backup did not run. */
export const BACKUP_MAX_AGE_HOURS = 26;
/** A disk with less free space than this, or than DISK_MIN_FREE_RATIO of its size, is a red line. */
export const DISK_MIN_FREE_BYTES = GIB;
export const DISK_MIN_FREE_RATIO = 0.05;
/** A server error within this many hours is a red line. */
export const LAST_ERROR_WINDOW_HOURS = 24;

// ---------- the backup status file (written by scripts/backup.mjs) ----------

const isoText = z.string().refine((value) => !Number.isNaN(Date.parse(value)), { error: 'no es una fecha ISO' });

/** `${BACKUP_DIR}/backup-status.json`, as scripts/backup.mjs writes it after every run. */
export const backupStatusSchema = z.object({
  version: z.literal(1),
  local: z.object({ at: isoText, archive: z.string(), bytes: z.number().nonnegative() }).nullable(),
  remote: z.object({ at: isoText, archive: z.string(), bytes: z.number().nonnegative(), remote: z.string() }).nullable(),
  remoteConfigured: z.boolean(),
  lastError: z.object({ at: isoText, stage: z.enum(['local', 'remote']), message: z.string() }).nullable(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;
export const BACKUP_STATUS_FILE = 'backup-status.json';

// ---------- formatting ----------

/** How long ago, the Argentine way: `hace menos de un minuto`, `hace 5 min`, `hace 3 h`, `hace 2 días`. */
export function formatAge(at: string | number | Date, now: number = Date.now()): string {
  const then = new Date(at).getTime();
  if (Number.isNaN(then)) return 'en una fecha desconocida';
  const ms = now - then;
  if (ms < 60_000) return 'hace menos de un minuto';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `hace ${minutes} min`;
  const hours = Math.floor(ms / HOUR_MS);
  if (hours < 48) return `hace ${hours} h`;
  const days = Math.floor(hours / 24);
  return `hace ${days} días`;
}

/** A moment in the shop's time zone: `22/11/2026 15:05`. */
export function formatShopDateTime(at: string | number | Date): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  return date
    .toLocaleString('es-AR', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: SHOP_TIME_ZONE,
    })
    .replace(',', '');
}

/** A size for people (binary multiples, Spanish decimal comma): `512 B`, `3,4 MB`, `12 GB`. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '?';
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toLocaleString('es-AR', { maximumFractionDigits: digits, minimumFractionDigits: 0 })} ${units[unit]}`;
}

/**
 * An error text fit to show staff: no e-mail addresses, long numbers (phones, documents, card numbers), quoted
 * values (SQL and validation errors quote the data), tokens or credentials in URLs; one line, at most 200 characters.
 */
export function redactErrorText(text: string): string {
  const cleaned = text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s/@]+@/gi, (match) => match.replace(/\/\/[^@]+@/, '//…@'))
    .replace(/[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+/g, '[email]')
    .replace(/(["'`])(?:(?!\1).){1,}\1/g, '$1…$1')
    .replace(/\b(?:bearer|token|secret|password|clave)\s*[=:]?\s*\S+/gi, (match) => `${match.split(/[\s=:]/)[0]} […]`)
    .replace(/[A-Za-z0-9_-]{32,}(?:\.[A-Za-z0-9_-]+)*/g, '[…]')
    .replace(/\+?\d(?:[ -]?\d){6,}/g, '[número]')
    .replace(/\b\d{1,2}\.\d{3}\.\d{3}\b/g, '[número]')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return cleaned.length > 200 ? `${cleaned.slice(0, 199)}…` : cleaned;
}

// ---------- the facts the server gathers ----------

/** What the server read of the backup status file. */
export type BackupFacts =
  | { state: 'missing'; file: string }
  | { state: 'unreadable'; file: string; reason: string }
  | { state: 'read'; file: string; status: BackupStatus };

/** Free space of one folder the shop writes to, or why it could not be measured. */
export type DiskFacts =
  | { label: string; path: string; freeBytes: number; totalBytes: number }
  | { label: string; path: string; error: string };

/** The last 5xx answer of the API (route pattern, never the concrete path; message already redacted). */
export interface LastServerError {
  at: string;
  method: string;
  route: string;
  status: number;
  message: string;
}

export interface GoLiveFacts {
  now: number;
  /** PUBLIC_URL as configured ('' when unset). */
  publicUrl: string;
  /** Whether the checklist request itself arrived over HTTPS (directly, or through the trusted proxy). */
  requestSecure: boolean;
  /** Whether the app trusts its proxy's X-Forwarded-* headers (TRUST_PROXY). */
  trustProxy: boolean;
  /** SMTP_HOST and SMTP_PORT ('' host: no mail server), MAIL_FROM ('' when unset). */
  mail: { host: string; port: number; from: string };
  backup: BackupFacts;
  /** `enabled`: the owner's switch in the site content; the rest: which credentials the server has. */
  mercadoPago: { enabled: boolean; accessToken: boolean; webhookSecret: boolean; testToken: boolean };
  /** Active owner accounts, how many of them sign in without two-factor, and whether the shop requires it. */
  owners: { active: number; withoutTwoFactor: number; required: boolean };
  disks: DiskFacts[];
  redis: { configured: false } | { configured: true; up: boolean; latencyMs: number };
  lastError: LastServerError | null;
  /** true: the last error is shared by every app process (Redis); false: it is this process's, since it started. */
  lastErrorShared: boolean;
  processStartedAt: number;
}

// ---------- the lines ----------

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '0.0.0.0']);

function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return LOCAL_HOSTS.has(host) || host.endsWith('.localhost') || host.startsWith('127.');
}

function parsedUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) ? url : null;
  } catch {
    return null;
  }
}

const HTTPS_ACTION =
  'Publicá la tienda detrás del proxy HTTPS (el servicio proxy de docker-compose, que pide el certificado solo), con TRUST_PROXY=true en la app y PUBLIC_URL=https://tu-dominio.';

export function httpsItem(facts: GoLiveFacts): GoLiveItem {
  const httpsUrl = /^https:\/\//i.test(facts.publicUrl.trim());
  const ok = httpsUrl && facts.requestSecure;
  const problems = [
    httpsUrl ? null : 'PUBLIC_URL no empieza con https://',
    facts.requestSecure
      ? null
      : facts.trustProxy
        ? 'esta consulta llegó sin cifrar (http): el proxy no avisó https (X-Forwarded-Proto)'
        : 'esta consulta llegó sin cifrar (http), y la app no confía en su proxy (falta TRUST_PROXY=true)',
  ].filter((p): p is string => p !== null);
  return {
    id: 'https',
    ok,
    title: 'Conexión segura (HTTPS)',
    detail: ok
      ? 'Activa: la dirección de la tienda es https:// y esta consulta llegó cifrada.'
      : `${problems.map((p, i) => (i === 0 ? p.charAt(0).toUpperCase() + p.slice(1) : p)).join('; ')}. Sin HTTPS, las contraseñas y los datos de las clientas viajan a la vista.`,
    action: ok ? '' : HTTPS_ACTION,
  };
}

export function publicUrlItem(facts: GoLiveFacts): GoLiveItem {
  const value = facts.publicUrl.trim();
  const base = { id: 'public-url' as const, title: 'Dirección pública de la tienda' };
  const action =
    'Poné en PUBLIC_URL la dirección con la que entran las clientas (por ejemplo https://jazminlenceria.com.ar, sin barra final) y reiniciá la tienda.';
  if (value === '') {
    return {
      ...base,
      ok: false,
      detail:
        'PUBLIC_URL no está configurada: los enlaces de los correos, de Mercado Pago y de las vistas previas no tienen adónde apuntar.',
      action,
    };
  }
  const url = parsedUrl(value);
  if (!url || url.pathname.replace(/\/+$/, '') !== '' || url.search || url.hash) {
    return { ...base, ok: false, detail: `PUBLIC_URL no es una dirección completa válida: ${value.slice(0, 80)}`, action };
  }
  if (isLocalHost(url.hostname)) {
    return {
      ...base,
      ok: false,
      detail: `${url.origin} apunta a esta misma máquina: desde el celular de una clienta ese enlace no abre la tienda.`,
      action,
    };
  }
  return { ...base, ok: true, detail: url.origin, action: '' };
}

export function emailItem(facts: GoLiveFacts): GoLiveItem {
  const base = { id: 'email' as const, title: 'Correo saliente' };
  if (facts.mail.host === '') {
    return {
      ...base,
      ok: false,
      detail: 'Sin servidor de correo (SMTP_HOST): los avisos de pedidos quedan guardados en Correos y no le llegan a nadie.',
      action:
        'Configurá SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS y MAIL_FROM con los datos de tu proveedor de correo, reiniciá la tienda y enviate un correo de prueba.',
    };
  }
  const server = `${facts.mail.host}:${facts.mail.port}`;
  if (facts.mail.from === '') {
    return {
      ...base,
      ok: false,
      detail: `Servidor ${server}, pero sin remitente (MAIL_FROM): los correos saldrían de no-responder@localhost y los proveedores los rechazan o los mandan a spam.`,
      action:
        'Configurá MAIL_FROM con una dirección de tu dominio, por ejemplo "Jazmín Lencería <pedidos@tu-dominio>", y reiniciá la tienda.',
    };
  }
  return {
    ...base,
    ok: true,
    detail: `Servidor ${server} · remitente ${facts.mail.from}. Enviate un correo de prueba para confirmar que llega.`,
    action: '',
  };
}

const hoursOld = (at: string, now: number) => (now - new Date(at).getTime()) / HOUR_MS;
const when = (at: string, now: number) => `${formatAge(at, now)} (${formatShopDateTime(at)})`;

const BACKUP_SETUP =
  'Corré npm run backup en el servidor, o dejá encendido el servicio backup de docker-compose, que hace una copia al arrancar y después una por día.';

/** The last failure of this stage, when it is newer than the last success (or there was none). */
function failureSince(status: BackupStatus, stage: 'local' | 'remote', lastOk: string | null): BackupStatus['lastError'] {
  const error = status.lastError;
  if (!error || error.stage !== stage) return null;
  if (lastOk && new Date(error.at).getTime() <= new Date(lastOk).getTime()) return null;
  return error;
}

export function backupItem(facts: GoLiveFacts): GoLiveItem {
  const base = { id: 'backup' as const, title: 'Copia de seguridad' };
  const { backup, now } = facts;
  if (backup.state === 'missing') {
    return {
      ...base,
      ok: false,
      detail: `Todavía no hay ninguna copia de seguridad (no existe ${backup.file}).`,
      action: `${BACKUP_SETUP} Si ya hay copias, revisá que BACKUP_DIR de la tienda sea la carpeta donde se guardan.`,
    };
  }
  if (backup.state === 'unreadable') {
    return {
      ...base,
      ok: false,
      detail: `No se pudo leer el estado de las copias (${backup.file}): ${backup.reason}`,
      action: 'Corré npm run backup para que lo vuelva a escribir; si el error sigue, revisá los permisos de esa carpeta.',
    };
  }
  const { status } = backup;
  const local = status.local;
  const failure = failureSince(status, 'local', local?.at ?? null);
  const failed = failure ? ` La última copia falló ${formatAge(failure.at, now)}: ${failure.message}` : '';
  if (!local) {
    return {
      ...base,
      ok: false,
      detail: `Todavía no hay ninguna copia de seguridad completa.${failed}`,
      action: BACKUP_SETUP,
    };
  }
  const fresh = hoursOld(local.at, now) < BACKUP_MAX_AGE_HOURS;
  const summary = `Última copia local ${when(local.at, now)}, ${formatBytes(local.bytes)}.`;
  if (fresh && !failure) return { ...base, ok: true, detail: summary, action: '' };
  return {
    ...base,
    ok: false,
    detail: fresh
      ? `${summary}${failed}`
      : `${summary} Tiene más de ${BACKUP_MAX_AGE_HOURS} h: la copia diaria no se está haciendo.${failed}`,
    action:
      'Revisá que el servicio de copias esté andando (docker compose ps backup; sus mensajes con docker compose logs backup) o corré npm run backup a mano.',
  };
}

export function offsiteItem(facts: GoLiveFacts): GoLiveItem {
  const base = { id: 'offsite' as const, title: 'Copia fuera del servidor' };
  const { backup, now } = facts;
  const configure =
    'Configurá BACKUP_REMOTE (un destino de rclone, por ejemplo un bucket) en el servicio de copias: cada copia se sube también fuera de este servidor. Si el servidor se rompe o se pierde, las copias locales se pierden con él.';
  if (backup.state !== 'read') {
    return {
      ...base,
      ok: false,
      detail: 'No hay información de copias fuera del servidor (primero tiene que haber una copia local).',
      action: configure,
    };
  }
  const { status } = backup;
  if (!status.remoteConfigured) {
    return { ...base, ok: false, detail: 'No está configurada: las copias quedan solo en este servidor.', action: configure };
  }
  const remote = status.remote;
  const failure = failureSince(status, 'remote', remote?.at ?? null);
  const failed = failure ? ` La última subida falló ${formatAge(failure.at, now)}: ${failure.message}` : '';
  const check =
    'Revisá BACKUP_REMOTE y las credenciales de rclone, y mirá los mensajes del servicio de copias (docker compose logs backup).';
  if (!remote) {
    return { ...base, ok: false, detail: `Configurada, pero todavía no se subió ninguna copia.${failed}`, action: check };
  }
  const fresh = hoursOld(remote.at, now) < BACKUP_MAX_AGE_HOURS;
  const summary = `Última copia subida ${when(remote.at, now)} a ${remote.remote}, ${formatBytes(remote.bytes)}.`;
  if (fresh && !failure) return { ...base, ok: true, detail: summary, action: '' };
  return {
    ...base,
    ok: false,
    detail: fresh ? `${summary}${failed}` : `${summary} Tiene más de ${BACKUP_MAX_AGE_HOURS} h.${failed}`,
    action: check,
  };
}

export function mercadoPagoItem(facts: GoLiveFacts): GoLiveItem {
  const base = { id: 'mercadopago' as const, title: 'Mercado Pago' };
  const mp = facts.mercadoPago;
  if (!mp.enabled) {
    return {
      ...base,
      ok: null,
      detail:
        mp.accessToken && mp.webhookSecret
          ? 'Apagado en Contenido › Checkout (las credenciales están cargadas): las clientas no lo ven.'
          : 'Apagado en Contenido › Checkout: las clientas no lo ven. No hace falta configurarlo.',
      action: '',
    };
  }
  const missing = [mp.accessToken ? null : 'MERCADOPAGO_ACCESS_TOKEN', mp.webhookSecret ? null : 'MERCADOPAGO_WEBHOOK_SECRET'].filter(
    (name): name is string => name !== null,
  );
  if (missing.length > 0) {
    return {
      ...base,
      ok: false,
      detail: `Está encendido en Contenido, pero falta ${missing.join(' y ')}: las clientas no lo ven como medio de pago.`,
      action:
        'Copiá el Access Token y la clave secreta de las notificaciones (webhooks) desde Tus integraciones de Mercado Pago a esas variables y reiniciá la tienda.',
    };
  }
  if (mp.testToken) {
    return {
      ...base,
      ok: false,
      detail: 'Las credenciales son de prueba (el Access Token empieza con TEST-): ningún pago es real.',
      action: 'Reemplazá MERCADOPAGO_ACCESS_TOKEN por el Access Token de producción (APP_USR-…) y reiniciá la tienda.',
    };
  }
  return { ...base, ok: true, detail: 'Encendido, con el Access Token y la clave de las notificaciones cargados.', action: '' };
}

export function twoFactorItem(facts: GoLiveFacts): GoLiveItem {
  const { active, withoutTwoFactor, required } = facts.owners;
  const base = { id: 'two-factor' as const, title: 'Verificación en dos pasos de las dueñas/os' };
  const rule = required ? ' La tienda la exige a todo el equipo.' : '';
  if (withoutTwoFactor === 0) {
    const all = active === 1 ? 'La única cuenta de dueña/o la tiene activada.' : `Las ${active} cuentas de dueña/o la tienen activada.`;
    return { ...base, ok: true, detail: `${all}${rule}`, action: '' };
  }
  const count =
    active === 1
      ? 'La única cuenta de dueña/o entra solo con contraseña.'
      : `${withoutTwoFactor} de ${active} cuentas de dueña/o ${withoutTwoFactor === 1 ? 'entra' : 'entran'} solo con contraseña.`;
  return {
    ...base,
    ok: false,
    detail: `${count}${rule}`,
    action:
      'Cada dueña/o la activa en Config › Verificación en dos pasos con una app como Google Authenticator. En Equipo se ve quién la tiene y se puede exigir a todo el equipo.',
  };
}

function diskLine(disk: DiskFacts): { ok: boolean; text: string } {
  if ('error' in disk) return { ok: false, text: `${disk.label}: no se pudo medir (${disk.error})` };
  const ratio = disk.totalBytes > 0 ? disk.freeBytes / disk.totalBytes : 0;
  const ok = disk.freeBytes >= DISK_MIN_FREE_BYTES && ratio >= DISK_MIN_FREE_RATIO;
  const percent = Math.floor(ratio * 100);
  return { ok, text: `${disk.label}: ${formatBytes(disk.freeBytes)} libres de ${formatBytes(disk.totalBytes)} (${percent} %)` };
}

export function diskItem(facts: GoLiveFacts): GoLiveItem {
  const lines = facts.disks.map(diskLine);
  const ok = lines.length > 0 && lines.every((line) => line.ok);
  return {
    id: 'disk',
    ok,
    title: 'Espacio en disco',
    detail: lines.length > 0 ? `${lines.map((line) => line.text).join(' · ')}.` : 'No se pudo medir.',
    action: ok
      ? ''
      : `Liberá espacio (copias de seguridad viejas: BACKUP_KEEP guarda solo las últimas; registros viejos) o ampliá el disco. Hace falta al menos ${formatBytes(DISK_MIN_FREE_BYTES)} y el ${Math.round(DISK_MIN_FREE_RATIO * 100)} % libre: sin espacio no se guardan pedidos ni fotos.`,
  };
}

export function redisItem(facts: GoLiveFacts): GoLiveItem {
  const base = { id: 'redis' as const, title: 'Redis' };
  if (!facts.redis.configured) {
    return {
      ...base,
      ok: null,
      detail: 'Sin REDIS_URL: no hace falta con un solo proceso de la tienda.',
      action: '',
    };
  }
  if (facts.redis.up) {
    const ms = Math.round(facts.redis.latencyMs);
    return {
      ...base,
      ok: true,
      detail: `Responde (${ms < 1 ? 'menos de 1' : ms} ms): los procesos de la tienda comparten los límites de intentos y los avisos.`,
      action: '',
    };
  }
  return {
    ...base,
    ok: false,
    detail: 'No responde: cada proceso de la tienda cuenta los intentos por su cuenta y los cambios del catálogo tardan en verse en todos.',
    action: 'Revisá el servicio redis (docker compose ps redis; docker compose restart redis) y que REDIS_URL apunte a él.',
  };
}

export function lastErrorItem(facts: GoLiveFacts): GoLiveItem {
  const base = { id: 'last-error' as const, title: 'Último error del servidor' };
  const scope = facts.lastErrorShared ? '' : ` (de este proceso, desde que arrancó ${formatAge(facts.processStartedAt, facts.now)})`;
  const error = facts.lastError;
  if (!error) return { ...base, ok: true, detail: `Ninguno registrado${scope}.`, action: '' };
  const recent = hoursOld(error.at, facts.now) < LAST_ERROR_WINDOW_HOURS;
  const what = `${when(error.at, facts.now)}: ${error.method} ${error.route} respondió ${error.status} (${error.message})`;
  if (!recent)
    return { ...base, ok: true, detail: `Ninguno en las últimas ${LAST_ERROR_WINDOW_HOURS} h${scope}. El último fue ${what}.`, action: '' };
  return {
    ...base,
    ok: false,
    detail: `${what.charAt(0).toUpperCase()}${what.slice(1)}.`,
    action:
      'Si fue una sola vez, puede haber sido algo pasajero (por ejemplo Mercado Pago sin responder). Si se repite, mirá los registros del servidor a esa hora (docker compose logs app) o pasáselos a quien te da soporte.',
  };
}

/** Every line of the checklist from the facts, in GO_LIVE_ITEM_IDS order. */
export function goLiveChecklist(facts: GoLiveFacts): GoLiveItem[] {
  return [
    httpsItem(facts),
    publicUrlItem(facts),
    emailItem(facts),
    backupItem(facts),
    offsiteItem(facts),
    mercadoPagoItem(facts),
    twoFactorItem(facts),
    diskItem(facts),
    redisItem(facts),
    lastErrorItem(facts),
  ];
}

/** The last successful backups as the back office shows them (with their ages), from what the server read. */
export function goLiveBackups(backup: BackupFacts): GoLiveBackups {
  if (backup.state !== 'read') return null;
  const { local, remote, remoteConfigured } = backup.status;
  return {
    local: local ? { at: local.at, bytes: local.bytes } : null,
    remote: remote ? { at: remote.at, bytes: remote.bytes, remote: remote.remote } : null,
    remoteConfigured,
  };
}

/** How many lines are ready, and how many apply (null lines do not count). */
export function goLiveProgress(items: readonly GoLiveItem[]): { ready: number; applicable: number } {
  const applicable = items.filter((item) => item.ok !== null);
  return { ready: applicable.filter((item) => item.ok === true).length, applicable: applicable.length };
}
