import type { GoLiveItem } from '../../contract/health.js';
import type { GoLiveFacts } from './facts.js';

/** The checklist lines of how shoppers and mail reach the shop: HTTPS, the public address, outgoing mail. */

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
