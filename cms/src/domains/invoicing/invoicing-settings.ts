import { useArcaEnvironment } from './arca-soap';
import { formatCuit, isValidCuit, normalizeCuit } from '@shop/shared';
import { badRequest } from '../../utils/http';
import { table } from '../../utils/db-write';

export const SETTINGS_UID = 'api::invoicing-setting.invoicing-setting';
export const SETTINGS_TABLE = 'invoicing_settings';

export type TaxCondition = 'monotributo' | 'responsable_inscripto';
export type Environment = 'homologacion' | 'produccion';

/** The stored row (secrets included: never answered as such). */
export interface SettingsRow {
  id: number;
  cuit: string | null;
  taxCondition: string | null;
  pointOfSale: number | null;
  businessName: string | null;
  address: string | null;
  activityStart: string | null;
  grossIncome: string | null;
  environment: string | null;
  mode: string | null;
  privateKey: string | null;
  csr: string | null;
  certificate: string | null;
  certificateNotAfter: string | null;
  certificateSubject: string | null;
  ticketToken: string | null;
  ticketSign: string | null;
  ticketExpiresAt: string | number | null;
}

/** The one settings row, made on start-up (bootstrap holds the start-up lock, so one process makes it). */
export async function ensureSettingsRow(): Promise<void> {
  const row: unknown = await strapi.db.query(SETTINGS_UID).findOne({ select: ['id'] });
  if (!row) await strapi.db.query(SETTINGS_UID).create({ data: { environment: 'homologacion', mode: 'auto' } });
}

export async function settingsRow(): Promise<SettingsRow> {
  let row = (await strapi.db.query(SETTINGS_UID).findOne({})) as SettingsRow | null;
  if (!row) {
    await ensureSettingsRow();
    row = (await strapi.db.query(SETTINGS_UID).findOne({})) as SettingsRow;
  }
  useArcaEnvironment(row.environment);
  return row;
}

export async function updateSettingsRow(id: number, data: Record<string, unknown>): Promise<void> {
  await strapi.db.query(SETTINGS_UID).update({ where: { id }, data });
}

/** The settings as staff see them: never the key, the ticket or the CSR's key. */
export function publicSettings(row: SettingsRow) {
  const notAfter = row.certificateNotAfter ?? null;
  const daysLeft = notAfter ? Math.floor((Date.parse(notAfter) - Date.now()) / 86_400_000) : null;
  return {
    cuit: row.cuit ?? '',
    taxCondition: row.taxCondition ?? 'monotributo',
    pointOfSale: row.pointOfSale ?? null,
    businessName: row.businessName ?? '',
    address: row.address ?? '',
    activityStart: row.activityStart ?? '',
    grossIncome: row.grossIncome ?? '',
    environment: row.environment ?? 'homologacion',
    mode: row.mode ?? 'auto',
    hasKey: Boolean(row.privateKey),
    csr: row.csr ?? null,
    certificate: notAfter ? { subject: row.certificateSubject ?? '', notAfter, expiresSoon: daysLeft !== null && daysLeft <= 30 } : null,
    ready: isReady(row),
  };
}

export function isReady(row: SettingsRow): boolean {
  return Boolean(row.cuit && row.pointOfSale && row.businessName && row.privateKey && row.certificate && row.taxCondition);
}

const text = (body: Record<string, unknown>, field: string, label: string, max = 200): string => {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '' || value.length > max)
    throw badRequest(`${label}: completá este dato (hasta ${max} caracteres)`);
  return value.trim();
};

/** PUT /invoicing/settings: every field checked, a Spanish 400 naming the first wrong one. */
export function parseSettings(input: unknown): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw badRequest('Enviá los datos de facturación');
  const body = input as Record<string, unknown>;
  const cuitText = typeof body.cuit === 'string' ? body.cuit : '';
  const cuit = normalizeCuit(cuitText);
  if (!cuit || !isValidCuit(cuit)) throw badRequest('CUIT: no es válido (11 números con el dígito verificador correcto)');
  const taxCondition = body.taxCondition;
  if (taxCondition !== 'monotributo' && taxCondition !== 'responsable_inscripto') {
    throw badRequest('Condición frente al IVA: elegí monotributo o responsable inscripto');
  }
  const pointOfSale = body.pointOfSale;
  if (typeof pointOfSale !== 'number' || !Number.isInteger(pointOfSale) || pointOfSale < 1 || pointOfSale > 99998) {
    throw badRequest('Punto de venta: debe ser un número entre 1 y 99998 habilitado para web services');
  }
  const activityStart = text(body, 'activityStart', 'Inicio de actividades', 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(activityStart) || Number.isNaN(Date.parse(activityStart))) {
    throw badRequest('Inicio de actividades: usá una fecha AAAA-MM-DD');
  }
  if (body.environment !== 'homologacion' && body.environment !== 'produccion') {
    throw badRequest('Entorno: elegí homologacion o produccion');
  }
  if (body.mode !== 'auto' && body.mode !== 'manual') throw badRequest('Cuándo facturar: elegí auto o manual');
  return {
    cuit: formatCuit(cuit).replace(/-/g, ''),
    taxCondition,
    pointOfSale,
    businessName: text(body, 'businessName', 'Razón social'),
    address: text(body, 'address', 'Domicilio comercial'),
    activityStart,
    grossIncome: text(body, 'grossIncome', 'Ingresos brutos', 40),
    environment: body.environment,
    mode: body.mode,
  };
}

type LeaseColumn = 'login_lease_until' | 'issue_lease_until';

/**
 * Takes a lease column (ms) when it is free or expired: one process at a time, across processes. Answers the lease
 * (its expiry, which only its holder knows) or null when another process holds it.
 */
export async function takeLease(column: LeaseColumn, ms: number): Promise<number | null> {
  const now = Date.now();
  const until = now + ms;
  const taken: unknown = await table(strapi.db.connection, SETTINGS_TABLE)
    .where((q) => void q.whereNull(column).orWhere(column, '<', now))
    .update({ [column]: until });
  return typeof taken === 'number' && taken > 0 ? until : null;
}

/** Extends a lease still held (the column still holds it); null when it expired and another process took it. */
export async function renewLease(column: LeaseColumn, lease: number, ms: number): Promise<number | null> {
  const until = Math.max(Date.now() + ms, lease + 1);
  const renewed: unknown = await table(strapi.db.connection, SETTINGS_TABLE)
    .where(column, lease)
    .update({ [column]: until });
  return typeof renewed === 'number' && renewed > 0 ? until : null;
}

/** Gives a lease back, only while it is still this holder's. */
export async function releaseLease(column: LeaseColumn, lease: number): Promise<void> {
  await table(strapi.db.connection, SETTINGS_TABLE)
    .where(column, lease)
    .update({ [column]: null });
}
