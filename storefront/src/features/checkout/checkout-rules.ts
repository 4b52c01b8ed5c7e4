import { ALLOWED_IMAGE_TYPES, MAX_UPLOAD_BYTES, MSG, type DeliveryType } from '@shop/shared';
import { ApiError } from '@/lib/api-client';

export interface CheckoutForm {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  notes: string;
}
export type CheckoutField = keyof CheckoutForm;
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

export const EMPTY_CHECKOUT_FORM: CheckoutForm = {
  fullName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  postalCode: '',
  notes: '',
};

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec §5: personal data always; address and city only with home delivery. */
export function validateCheckout(form: CheckoutForm, deliveryType: DeliveryType): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (!form.fullName.trim()) errors.fullName = MSG.checkout.fullNameRequired;
  if (!form.email.trim()) errors.email = MSG.checkout.emailRequired;
  else if (!EMAIL_RE.test(form.email.trim())) errors.email = MSG.checkout.emailInvalid;
  if (!form.phone.trim()) errors.phone = MSG.checkout.phoneRequired;
  if (deliveryType === 'delivery') {
    if (!form.address.trim()) errors.address = MSG.checkout.addressRequired;
    if (!form.city.trim()) errors.city = MSG.checkout.cityRequired;
  }
  return errors;
}

/** Transfer proof: JPG, PNG or WEBP up to 5 MB; null when acceptable. */
export function validateProof(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) return MSG.checkout.proofType;
  if (file.size > MAX_UPLOAD_BYTES) return MSG.checkout.proofSize;
  return null;
}

/** The checkout alert of spec §8 for a failed order, plus the server's own explanation when it gave one. */
export function checkoutFailure(error: unknown): { title: string; detail: string | null } {
  const message = error instanceof Error ? error.message : '';
  const status = error instanceof ApiError ? error.status : undefined;
  const network = (error instanceof ApiError && error.isNetworkError) || message.includes('Network');
  let title: string = MSG.checkout.errorDefault;
  if (status === 400 || (status === undefined && message.includes('400'))) title = MSG.checkout.error400;
  else if ((status !== undefined && status >= 500) || (status === undefined && message.includes('500'))) {
    title = MSG.checkout.error500;
  } else if (network) title = MSG.checkout.errorNetwork;
  const genericServerText = message.startsWith('Error en la petición') || network || message === '';
  const detail = status !== undefined && !genericServerText && message !== title ? message : null;
  return { title, detail };
}
