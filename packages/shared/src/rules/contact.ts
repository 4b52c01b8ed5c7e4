/**
 * Matching the contact a shopper types on the tracking page against the e-mail and phone of the order:
 * e-mails case-insensitively, phones by their digits, tolerant of Argentina's prefixes (+54, the mobile 9,
 * the trunk 0 and the old mobile 15 after the area code).
 */

/** Longest contact the tracking route accepts (an e-mail is at most 200 characters at checkout). */
export const MAX_TRACKING_CONTACT_LENGTH = 200;

/** Phones shorter than this (once reduced to their digits) never match: too easy to guess. */
const MIN_PHONE_DIGITS = 8;

export function normalizeEmail(value: string): string {
  return value.trim().normalize('NFC').toLowerCase();
}

/**
 * The forms an Argentine phone may be written in, reduced to digits: as given, and the national number
 * (without 00/+54, the 9 of mobiles dialled from abroad, the trunk 0 and a 15 after a 2-4 digit area code).
 */
export function phoneForms(value: string): Set<string> {
  let digits = value.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  const forms = new Set<string>([digits]);
  let national = digits;
  if (national.startsWith('54') && national.length >= 12) {
    national = national.slice(2);
    if (national.startsWith('9') && national.length >= 11) national = national.slice(1);
  }
  if (national.startsWith('0')) national = national.slice(1);
  forms.add(national);
  // Area code (2-4 digits) + 15 + subscriber number: 12 digits where the national number has 10.
  if (national.length === 12) {
    for (const areaLength of [2, 3, 4]) {
      if (national.slice(areaLength, areaLength + 2) === '15') forms.add(national.slice(0, areaLength) + national.slice(areaLength + 2));
    }
  }
  return new Set([...forms].filter((form) => form.length >= MIN_PHONE_DIGITS));
}

export function samePhone(a: string, b: string): boolean {
  const formsOfB = phoneForms(b);
  return [...phoneForms(a)].some((form) => formsOfB.has(form));
}

/** True when `contact` is the order's e-mail (any case) or its phone (any format). */
export function contactMatches(contact: string, order: { email: string; phone: string }): boolean {
  const given = contact.trim();
  if (given === '') return false;
  if (given.includes('@')) return order.email.trim() !== '' && normalizeEmail(given) === normalizeEmail(order.email);
  return samePhone(given, order.phone);
}

/** Why a typed contact cannot be checked (too long, control characters), or null when it is usable. */
export function trackingContactProblem(contact: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (contact.length > MAX_TRACKING_CONTACT_LENGTH || /[\u0000-\u001f\u007f]/.test(contact)) {
    return 'El e-mail o teléfono de la compra no es válido';
  }
  return null;
}
