import { ALLOWED_IMAGE_TYPES, MAX_UPLOAD_BYTES, MSG } from '@shop/shared';
import { ApiError } from '@shop/client-kit';

/** Transfer proof: JPG, PNG or WEBP up to 5 MB; null when acceptable. */
export function validateProof(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) return MSG.checkout.proofType;
  if (file.size > MAX_UPLOAD_BYTES) return MSG.checkout.proofSize;
  return null;
}

/** The checkout alert for a failed order, plus the server's own explanation when it gave one. */
export function checkoutFailure(error: unknown): { title: string; detail: string | null } {
  const message = error instanceof Error ? error.message : '';
  const status = error instanceof ApiError ? error.status : undefined;
  const network = (error instanceof ApiError && error.network) || message.includes('Network');
  let title: string = MSG.checkout.errorDefault;
  if (status === 400 || (status === undefined && message.includes('400'))) title = MSG.checkout.error400;
  else if ((status !== undefined && status >= 500) || (status === undefined && message.includes('500'))) {
    title = MSG.checkout.error500;
  } else if (network) title = MSG.checkout.errorNetwork;
  const genericServerText = message.startsWith('Error en la petición') || network || message === '';
  // A 502 in the server's own words is a payment service that failed (Mercado Pago): no order was made and the message
  // says what to do next. Under 'Error interno del servidor… contacta soporte' it would read as the shop's fault.
  if (status === 502 && !genericServerText) return { title: message, detail: null };
  const detail = status !== undefined && !genericServerText && message !== title ? message : null;
  return { title, detail };
}

/** "1 hora", "3 horas", "2 días", "45 minutos": how long an unpaid order is held, as the shopper reads it. */
export function holdDuration(minutes: number): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (minutes % 1440 === 0) return count(minutes / 1440, 'día', 'días');
  if (minutes % 60 === 0) return count(minutes / 60, 'hora', 'horas');
  return count(minutes, 'minuto', 'minutos');
}
