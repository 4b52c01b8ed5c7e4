import { decryptSecret, encryptSecret, loginTicketRequest, signedLoginRequest } from './arca-crypto';
import { ArcaFault, ArcaUnavailable, parseXml, soapCall, wsaaUrl } from './arca-soap';
import { releaseLease, settingsRow, takeLease, updateSettingsRow, type SettingsRow } from './invoicing-settings';

/**
 * WSAA's login ticket (token + sign), kept in the settings row until it expires and shared by every process: ARCA
 * refuses a new login while one is valid ("El CEE ya posee un TA valido"), so only the process holding the login
 * lease logs in; the others wait for the ticket it stores.
 */
export interface Ticket {
  token: string;
  sign: string;
  cuit: string;
}

export class NotConfigured extends Error {}

const MARGIN_MS = 5 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function stored(row: SettingsRow): Ticket | null {
  const expires = Number(row.ticketExpiresAt ?? 0);
  if (!row.ticketToken || !row.ticketSign || expires - MARGIN_MS < Date.now() || !row.cuit) return null;
  return { token: decryptSecret(row.ticketToken), sign: decryptSecret(row.ticketSign), cuit: row.cuit };
}

async function login(row: SettingsRow): Promise<Ticket> {
  if (!row.privateKey || !row.certificate || !row.cuit)
    throw new NotConfigured('Falta el certificado de ARCA: generá el pedido (CSR) y subí el certificado');
  const cms = signedLoginRequest(row.certificate, decryptSecret(row.privateKey), loginTicketRequest());
  let body: Record<string, unknown>;
  try {
    body = await soapCall(wsaaUrl(), '', `<loginCms xmlns="http://wsaa.view.sua.dvadac.desein.afip.gov"><in0>${cms}</in0></loginCms>`);
  } catch (err) {
    if (err instanceof ArcaFault && err.code.includes('alreadyAuthenticated')) {
      throw new ArcaUnavailable(
        'ARCA ya entregó un ticket de acceso vigente a este certificado que la tienda no tiene; se reintenta cuando venza',
      );
    }
    if (err instanceof ArcaFault) throw new ArcaFault(err.code, `ARCA rechazó el inicio de sesión (WSAA): ${err.message}`);
    throw err;
  }
  const answer = body.loginCmsResponse as Record<string, unknown> | undefined;
  const ta = parseXml(String(answer?.loginCmsReturn ?? '')).loginTicketResponse as Record<string, unknown> | undefined;
  const credentials = ta?.credentials as Record<string, unknown> | undefined;
  const header = ta?.header as Record<string, unknown> | undefined;
  const expires = Date.parse(String(header?.expirationTime ?? ''));
  if (!credentials?.token || !credentials.sign || !Number.isFinite(expires)) throw new ArcaUnavailable('WSAA respondió un ticket ilegible');
  await updateSettingsRow(row.id, {
    ticketToken: encryptSecret(String(credentials.token)),
    ticketSign: encryptSecret(String(credentials.sign)),
    ticketExpiresAt: expires,
  });
  return { token: String(credentials.token), sign: String(credentials.sign), cuit: row.cuit };
}

/** A valid ticket: the stored one, or a new login by the one process holding the lease (others wait up to 30 s). */
export async function accessTicket(): Promise<Ticket> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const row = await settingsRow();
    const ticket = stored(row);
    if (ticket) return ticket;
    const lease = await takeLease('login_lease_until', 45_000);
    if (lease !== null) {
      try {
        const again = stored(await settingsRow());
        return again ?? (await login(row));
      } finally {
        await releaseLease('login_lease_until', lease);
      }
    }
    if (Date.now() > deadline) throw new ArcaUnavailable('Otro proceso está iniciando sesión en ARCA; se reintenta enseguida');
    await sleep(200);
  }
}

/** A new certificate or key makes the stored ticket useless. */
export async function forgetTicket(id: number): Promise<void> {
  await updateSettingsRow(id, { ticketToken: null, ticketSign: null, ticketExpiresAt: null });
}
