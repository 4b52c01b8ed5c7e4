import { MERCADOLIBRE_MESSAGES, type MercadoLibreCallbackError } from '@shop/shared';
import { conflict } from '../../utils/http';
import { staffMayStill } from '../staff';
import { MERCADOLIBRE, saveConnection } from './channel-account';
import { MercadoLibreCallError, authorizationUrl, exchangeCode, mercadoLibreConfig, usersMe } from './mercadolibre-client';
import { newOAuthState, spendOAuthState } from './oauth-state';

/**
 * Connecting the shop's Mercado Libre account (OAuth 2.0 authorization code): "Conectar" answers the consent page's
 * address with a fresh `state`; Mercado Libre sends the owner's browser back to the callback with a code, which is
 * exchanged for the tokens only when the state is good.
 */
export const CALLBACK_PATH = '/api/channels/mercadolibre/callback';
/** The back office's page of the channel (the admin app is served under /admin). */
export const SETTINGS_PAGE_PATH = '/admin/channels/mercadolibre';
const CODE_RE = /^[A-Za-z0-9_-]{1,300}$/;

export const redirectUriFor = (baseUrl: string) => `${baseUrl}${CALLBACK_PATH}`;

export async function startConnection(baseUrl: string, staff: { id: number; sessionVersion: number }): Promise<string> {
  const config = mercadoLibreConfig();
  if (!config) throw conflict(MERCADOLIBRE_MESSAGES.notConfigured);
  const state = await newOAuthState(MERCADOLIBRE, staff.id, staff.sessionVersion);
  return authorizationUrl(config, redirectUriFor(baseUrl), state);
}

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
}

/**
 * The callback: `null` when the account is now connected, else why not (nothing is stored then). The state is spent
 * first, so a code comes with a state only once.
 */
export async function finishConnection(baseUrl: string, query: CallbackQuery): Promise<MercadoLibreCallbackError | null> {
  const config = mercadoLibreConfig();
  const claim = query.state ? await spendOAuthState(MERCADOLIBRE, query.state) : null;
  if (!claim) return 'state';
  if (!config) return 'unavailable';
  // Up to ten minutes pass between "Conectar" and the callback: the one who asked must still be allowed to connect,
  // signed in with the session that asked (not signed out, nor every session ended, nor a role lowered meanwhile).
  if (!(await staffMayStill(claim.staffId, 'channels.manage', claim.sessionVersion))) return 'forbidden';
  if (query.error || !query.code || !CODE_RE.test(query.code)) return 'denied';
  try {
    const tokens = await exchangeCode(config, query.code, redirectUriFor(baseUrl));
    const user = await usersMe(config, tokens.accessToken);
    await saveConnection(tokens, user, claim.staffId);
    strapi.log.info(`[channels] Mercado Libre account ${user.nickname} connected (staff ${claim.staffId})`);
    return null;
  } catch (error) {
    if (!(error instanceof MercadoLibreCallError)) throw error;
    strapi.log.warn(`[channels] Mercado Libre connection failed: ${error.message}`);
    return error.kind === 'unavailable' ? 'unavailable' : 'exchange';
  }
}
