import type { GoLiveItem } from '../../contract/health.js';
import {
  CERTIFICATE_WARN_DAYS,
  DISK_MIN_FREE_BYTES,
  DISK_MIN_FREE_RATIO,
  LAST_ERROR_WINDOW_HOURS,
  type DiskFacts,
  type GoLiveFacts,
} from './facts.js';
import { formatAge, formatBytes, hoursOld, when } from './format.js';

/** The checklist lines of the services the shop runs with: Mercado Pago, owners' two-factor, disk, Redis, errors. */

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

/**
 * The Data Fiscal QR every online shop shows (RG AFIP 1415): red until the owner set both the link ARCA gives her and
 * its image in Contenido › Legales (the footer hides it meanwhile).
 */
export function dataFiscalItem(facts: GoLiveFacts): GoLiveItem {
  const base = { id: 'data-fiscal' as const, title: 'Data Fiscal (ARCA)' };
  const { url, image } = facts.dataFiscal;
  if (url && image) return { ...base, ok: true, detail: 'El pie de cada página muestra el Data Fiscal con el enlace de ARCA.', action: '' };
  const missing = [url ? null : 'la dirección', image ? null : 'la imagen'].filter((m): m is string => m !== null).join(' y ');
  return {
    ...base,
    ok: false,
    detail: `Falta ${missing} del Data Fiscal: la tienda no lo muestra, y toda tienda online debe mostrarlo.`,
    action:
      'En ARCA, entrá a «Data Fiscal» con tu clave fiscal, copiá la dirección del código QR y descargá su imagen; cargalas en Contenido › Legales.',
  };
}

const DAY_MS = 86_400_000;
const dayText = (iso: string) => new Date(iso).toLocaleDateString('es-AR', { timeZone: 'America/Argentina/Buenos_Aires' });

/**
 * ARCA's certificate for the electronic invoices: does not apply until the owner starts setting invoicing up; then red
 * when it is missing or expired, and red (a warning with the date) from CERTIFICATE_WARN_DAYS before it expires.
 */
export function invoicingItem(facts: GoLiveFacts): GoLiveItem {
  const base = { id: 'invoicing' as const, title: 'Factura electrónica (certificado de ARCA)' };
  const { started, environment, certificateNotAfter } = facts.invoicing;
  const renew =
    'Generá un pedido de certificado nuevo en Configuración › Facturación, pedí el certificado en "Administración de certificados digitales" de ARCA y subilo.';
  if (!started) return { ...base, ok: null, detail: 'No configurada: la tienda no emite facturas electrónicas.', action: '' };
  if (!certificateNotAfter) {
    return {
      ...base,
      ok: false,
      detail: 'Falta el certificado de ARCA: las órdenes pagadas no se pueden facturar.',
      action: 'En Configuración › Facturación generá el pedido de certificado (CSR), pedilo en ARCA y subí el certificado que te da.',
    };
  }
  const left = Date.parse(certificateNotAfter) - facts.now;
  if (left <= 0) {
    return {
      ...base,
      ok: false,
      detail: `El certificado de ARCA venció el ${dayText(certificateNotAfter)}: ARCA no autoriza facturas hasta que lo renueves.`,
      action: renew,
    };
  }
  const days = Math.ceil(left / DAY_MS);
  if (days <= CERTIFICATE_WARN_DAYS) {
    return {
      ...base,
      ok: false,
      detail: `El certificado de ARCA vence el ${dayText(certificateNotAfter)} (en ${days === 1 ? '1 día' : `${days} días`}).`,
      action: renew,
    };
  }
  if (environment !== 'produccion') {
    return {
      ...base,
      ok: false,
      detail: 'Está en homologación (pruebas de ARCA): las facturas emitidas no tienen validez fiscal.',
      action: 'Cuando termines de probar, pasá a producción en Configuración › Facturación con el certificado de producción.',
    };
  }
  return { ...base, ok: true, detail: `En producción; el certificado vence el ${dayText(certificateNotAfter)}.`, action: '' };
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
