import { readFile, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'koa';
import {
  BACKUP_STATUS_FILE,
  backupStatusSchema,
  goLiveBackups,
  goLiveChecklist,
  type BackupFacts,
  type GoLiveBackups,
  type DiskFacts,
  type GoLiveFacts,
  type GoLiveItem,
  type StaffMember,
} from '@shop/shared';
import { mailSettings } from './mail-settings';
import { mercadoPagoConfig } from './mercadopago-settings';
import { PROCESS_STARTED_AT, lastServerError } from './server-errors';

/**
 * The facts behind the owner's go-live checklist, gathered from this process (environment, the backup status file,
 * disk space, accounts, the health check); the rules in @shop/shared turn them into the lines.
 */

/** The backup status file is a few hundred bytes; anything much bigger is not it. */
const MAX_STATUS_BYTES = 64 * 1024;

/** The repository (or image) root: where relative BACKUP_DIR paths start, as for scripts/backup.mjs. */
function rootDir(): string {
  return path.resolve(strapi.dirs.app.root, '..');
}

/** BACKUP_DIR (default `backups/` at the root); production compose mounts the backups volume read-only at /backups. */
export function backupDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(rootDir(), (env.BACKUP_DIR ?? '').trim() || 'backups');
}

async function readBackupStatus(): Promise<BackupFacts> {
  const file = path.join(backupDir(), BACKUP_STATUS_FILE);
  let text: string;
  try {
    const info = await stat(file);
    if (!info.isFile()) return { state: 'unreadable', file, reason: 'no es un archivo' };
    if (info.size > MAX_STATUS_BYTES) return { state: 'unreadable', file, reason: 'es demasiado grande para ser el estado de las copias' };
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { state: 'missing', file };
    return {
      state: 'unreadable',
      file,
      reason: code === 'EACCES' ? 'la tienda no tiene permiso para leerlo' : `error ${code ?? 'desconocido'}`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { state: 'unreadable', file, reason: 'no es un JSON válido' };
  }
  const parsed = backupStatusSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
    return { state: 'unreadable', file, reason: `no tiene el formato esperado${where}` };
  }
  return { state: 'read', file, status: parsed.data };
}

/** The folder itself, or its closest existing parent (the uploads folder appears with the first upload). */
async function existingFolder(folder: string): Promise<string> {
  let current = folder;
  for (;;) {
    try {
      await stat(current);
      return current;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}

interface Measured {
  label: string;
  path: string;
  device: number | null;
  disk: DiskFacts;
}

async function measure(label: string, folder: string): Promise<Measured> {
  try {
    const target = await existingFolder(folder);
    const [fs, info] = await Promise.all([statfs(target), stat(target)]);
    return {
      label,
      path: folder,
      device: info.dev,
      disk: { label, path: folder, freeBytes: fs.bavail * fs.bsize, totalBytes: fs.blocks * fs.bsize },
    };
  } catch (err) {
    return { label, path: folder, device: null, disk: { label, path: folder, error: (err as NodeJS.ErrnoException).code ?? 'error' } };
  }
}

/** The uploads folder and, on SQLite, the database's folder; one line when both are on the same disk. */
async function diskSpace(): Promise<DiskFacts[]> {
  const uploads = measure('Fotos subidas', path.join(strapi.dirs.static.public, 'uploads'));
  const connection = strapi.config.get<{ client?: string; connection?: { filename?: string } }>('database.connection', {});
  const filename = connection.client === 'sqlite' ? connection.connection?.filename : undefined;
  if (!filename) return [(await uploads).disk];
  const [files, database] = await Promise.all([uploads, measure('Base de datos', path.dirname(filename))]);
  if (files.device !== null && files.device === database.device && !('error' in database.disk)) {
    return [{ ...database.disk, label: 'Fotos y base de datos (mismo disco)' }];
  }
  return [files.disk, database.disk];
}

async function owners(): Promise<GoLiveFacts['owners']> {
  const staff: StaffMember[] = await strapi.service('api::staff.staff').list();
  const active = staff.filter((member) => member.active && member.role === 'owner');
  const content = await strapi.service('api::site-content.site-content').getContent();
  return {
    active: active.length,
    withoutTwoFactor: active.filter((member) => !member.twoFactorEnabled).length,
    required: content.security.requireTwoFactor,
  };
}

async function mercadoPago(): Promise<GoLiveFacts['mercadoPago']> {
  const content = await strapi.service('api::site-content.site-content').getContent();
  const config = mercadoPagoConfig();
  return {
    enabled: content.checkout.paymentInfo.mercadoPago.enabled,
    accessToken: config.accessToken !== '',
    webhookSecret: config.webhookSecret !== '',
    testToken: config.accessToken.startsWith('TEST-'),
  };
}

/** The invoicing settings as the owner sees them (through the invoice service: never the key). */
async function invoicingFacts(): Promise<GoLiveFacts['invoicing']> {
  const { settings } = (await strapi.service('api::invoice.invoice').getSettings()) as {
    settings: { cuit: string; environment: string; certificate: { notAfter: string } | null };
  };
  return { started: settings.cuit !== '', environment: settings.environment, certificateNotAfter: settings.certificate?.notAfter ?? null };
}

/** Whether the owner set the Data Fiscal's link and image (Contenido › Legales). */
async function dataFiscalFacts(): Promise<GoLiveFacts['dataFiscal']> {
  const content = await strapi.service('api::site-content.site-content').getContent();
  return { url: content.legal.dataFiscalUrl !== '', image: content.legal.dataFiscalImage !== '' };
}

async function redisFacts(): Promise<GoLiveFacts['redis']> {
  const report = await strapi.service('api::health.health').check();
  const part = report.checks.redis;
  return part ? { configured: true, up: part.status === 'up', latencyMs: part.latencyMs } : { configured: false };
}

/** Everything the checklist needs, read at the same time. */
export async function gatherFacts(ctx: Context): Promise<GoLiveFacts> {
  const settings = mailSettings();
  const configuredUrl: unknown = strapi.config.get('server.url', '');
  const [backup, disks, ownerFacts, mp, invoicing, dataFiscal, redis, last] = await Promise.all([
    readBackupStatus(),
    diskSpace(),
    owners(),
    mercadoPago(),
    invoicingFacts(),
    dataFiscalFacts(),
    redisFacts(),
    lastServerError(),
  ]);
  return {
    now: Date.now(),
    publicUrl: typeof configuredUrl === 'string' ? configuredUrl : '',
    requestSecure: ctx.request.secure,
    trustProxy: ctx.app.proxy,
    mail: { host: settings.host, port: settings.port, from: (process.env.MAIL_FROM ?? '').trim() },
    backup,
    mercadoPago: mp,
    invoicing,
    dataFiscal,
    owners: ownerFacts,
    disks,
    redis,
    lastError: last.error,
    lastErrorShared: last.shared,
    processStartedAt: PROCESS_STARTED_AT,
  };
}

/** The checklist's lines for this request, and the last backups' times. */
export async function goLiveAnswer(ctx: Context): Promise<{ items: GoLiveItem[]; backups: GoLiveBackups }> {
  const facts = await gatherFacts(ctx);
  return { items: goLiveChecklist(facts), backups: goLiveBackups(facts.backup) };
}
