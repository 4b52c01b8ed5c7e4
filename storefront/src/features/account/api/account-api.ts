import { z } from 'zod';
import { ApiError } from '@shop/client-kit';
import {
  accountAddressesAnswerSchema,
  accountAlertsAnswerSchema,
  accountAnswerSchema,
  accountDeletedAnswerSchema,
  accountExportSchema,
  accountFavoritesAnswerSchema,
  accountMeasurementsAnswerSchema,
  accountOrdersAnswerSchema,
  type AccountAddress,
  type AccountAnswer,
  type AccountMeasurements,
  type AccountPreferences,
} from '@shop/shared';
import { api } from '@/lib/api-client';
import { setAccountHint } from '../account-hint';

/**
 * Her account's routes (/api/account…). Same-origin relative URLs: the browser sends her HttpOnly session cookie by
 * itself; the storefront never sees or stores a token.
 */
const messageSchema = z.object({ message: z.string() });
export type SignedInAccount = AccountAnswer['account'];

export const requestCode = (email: string) =>
  api.request({
    method: 'POST',
    url: '/account/code',
    data: { email },
    schema: messageSchema,
    errorMessage: 'No pudimos enviarte el código. Probá de nuevo en unos minutos.',
  });

export const signIn = (input: { email: string; code: string }) =>
  api.request({ method: 'POST', url: '/account/session', data: input, schema: messageSchema, errorMessage: 'No pudimos abrir tu cuenta' });

export const signOut = (everywhere: boolean) =>
  api.remove(everywhere ? '/account/sessions' : '/account/session', messageSchema, 'No pudimos cerrar la sesión');

/** GET /account: her account, or null when she is not signed in (a 401 is an answer, not a failure). */
export async function fetchAccount(signal?: AbortSignal): Promise<SignedInAccount | null> {
  try {
    const answer = await api.get('/account', accountAnswerSchema, 'No pudimos abrir tu cuenta', { signal });
    setAccountHint(true);
    return answer.account;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setAccountHint(false);
      return null;
    }
    throw error;
  }
}

export const savePreferences = (preferences: AccountPreferences) =>
  api
    .request({
      method: 'PUT',
      url: '/account/preferences',
      data: preferences,
      schema: accountAnswerSchema,
      errorMessage: 'No pudimos guardar tus preferencias',
    })
    .then((answer) => answer.account);

export const fetchOrders = (page: number, signal?: AbortSignal) =>
  api.get('/account/orders', accountOrdersAnswerSchema, 'No pudimos traer tus compras', { params: { page }, signal });

export const fetchAddresses = (signal?: AbortSignal) =>
  api.get('/account/addresses', accountAddressesAnswerSchema, 'No pudimos traer tus direcciones', { signal }).then((a) => a.addresses);

export const saveAddresses = (addresses: AccountAddress[]) =>
  api
    .request({
      method: 'PUT',
      url: '/account/addresses',
      data: { addresses },
      schema: accountAddressesAnswerSchema,
      errorMessage: 'No pudimos guardar tus direcciones',
    })
    .then((a) => a.addresses);

export const fetchMeasurements = (signal?: AbortSignal) =>
  api.get('/account/measurements', accountMeasurementsAnswerSchema, 'No pudimos traer tus medidas', { signal }).then((a) => a.measurements);

export const putMeasurements = (measurements: AccountMeasurements) =>
  api
    .request({
      method: 'PUT',
      url: '/account/measurements',
      data: { measurements },
      schema: accountMeasurementsAnswerSchema,
      errorMessage: 'No pudimos guardar tus medidas',
    })
    .then((a) => a.measurements);

export const fetchFavorites = (signal?: AbortSignal) =>
  api.get('/account/favorites', accountFavoritesAnswerSchema, 'No pudimos traer tus favoritos', { signal }).then((a) => a.favorites);

export const saveFavorites = (productIds: string[]) =>
  api
    .request({
      method: 'PUT',
      url: '/account/favorites',
      data: { productIds },
      schema: accountFavoritesAnswerSchema,
      errorMessage: 'No pudimos guardar tus favoritos',
    })
    .then((a) => a.favorites);

export const fetchAlerts = (signal?: AbortSignal) =>
  api.get('/account/alerts', accountAlertsAnswerSchema, 'No pudimos traer tus avisos', { signal }).then((a) => a.alerts);

export const removeAlert = (id: number) =>
  api.remove(`/account/alerts/${id}`, accountAlertsAnswerSchema, 'No pudimos quitar el aviso').then((a) => a.alerts);

export const fetchExport = () => api.get('/account/export', accountExportSchema, 'No pudimos preparar tus datos');

export const deleteAccount = () => api.remove('/account', accountDeletedAnswerSchema, 'No pudimos eliminar tu cuenta');
