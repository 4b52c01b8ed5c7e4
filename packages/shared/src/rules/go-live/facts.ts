import { z } from 'zod';

/**
 * The facts the server gathers for the owner's go-live checklist (environment, backup status file, disk space,
 * accounts...) and the thresholds the lines judge them by.
 */

const GIB = 1024 ** 3;

/** A backup (local or off-site) older than this is a red line: the daily backup did not run. */
export const BACKUP_MAX_AGE_HOURS = 26;
/** A disk with less free space than this, or than DISK_MIN_FREE_RATIO of its size, is a red line. */
export const DISK_MIN_FREE_BYTES = GIB;
export const DISK_MIN_FREE_RATIO = 0.05;
/** ARCA's certificate: a warning this many days before it expires, a red line once expired. */
export const CERTIFICATE_WARN_DAYS = 30;
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
  /**
   * Factura electrónica: `started` once the owner saved her CUIT in Configuración › Facturación; the environment, and
   * the certificate's expiry (ISO, null when none uploaded).
   */
  invoicing: { started: boolean; environment: string; certificateNotAfter: string | null };
  /** The Data Fiscal of the footer (RG AFIP 1415): whether its link and its image are set in Contenido › Legales. */
  dataFiscal: { url: boolean; image: boolean };
  /** Active owner accounts, how many of them sign in without two-factor, and whether the shop requires it. */
  owners: { active: number; withoutTwoFactor: number; required: boolean };
  disks: DiskFacts[];
  redis: { configured: false } | { configured: true; up: boolean; latencyMs: number };
  lastError: LastServerError | null;
  /** true: the last error is shared by every app process (Redis); false: it is this process's, since it started. */
  lastErrorShared: boolean;
  processStartedAt: number;
}
