import type { GoLiveBackups, GoLiveItem } from '../../contract/health.js';
import { BACKUP_MAX_AGE_HOURS, type BackupFacts, type BackupStatus, type GoLiveFacts } from './facts.js';
import { formatAge, formatBytes, hoursOld, when } from './format.js';

/** The checklist lines of the backups (local and off-site), and their times as the back office shows them. */

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
