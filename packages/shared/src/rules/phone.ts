/**
 * Argentine phone numbers in the international form WhatsApp uses: digits only, 54 (country), 9 (mobile), the area
 * code without the trunk 0, and the subscriber number without the mobile prefix 15. Buenos Aires (11) has a two-digit
 * area code and an eight-digit number; the larger cities a three-digit code and a seven-digit number; the rest a
 * four-digit code and a six-digit number. Area code plus number always make ten digits.
 */

/** The three-digit area codes (every other code outside Buenos Aires has four digits). */
const THREE_DIGIT_AREA_CODES = new Set([
  '220',
  '221',
  '223',
  '230',
  '236',
  '237',
  '249',
  '260',
  '261',
  '263',
  '264',
  '266',
  '280',
  '291',
  '297',
  '299',
  '336',
  '341',
  '342',
  '343',
  '345',
  '348',
  '351',
  '353',
  '358',
  '362',
  '364',
  '370',
  '376',
  '379',
  '380',
  '381',
  '383',
  '385',
  '387',
  '388',
]);

const NATIONAL_LENGTH = 10;
const MOBILE_PREFIX = '15';

/**
 * Where the area code may end, most likely first: 11 is the only code starting with 1; a known three-digit code is
 * tried before four digits, since some four-digit codes begin with one (0297 Comodoro Rivadavia, 02972 San Martín de
 * los Andes).
 */
function areaCodeLengths(national: string): number[] {
  if (national.startsWith('11')) return [2];
  return THREE_DIGIT_AREA_CODES.has(national.slice(0, 3)) ? [3, 4] : [4, 3];
}

/** A subscriber number never starts with 0 or 1 (that would be a trunk 0 or a 15 in the wrong place). */
const validSubscriber = (national: string, area: number) => !/^[01]/.test(national.slice(area));

/**
 * The ten national digits (area code + number) of what the shopper typed, with the country code, the mobile 9, the
 * trunk 0 and the 15 taken away; null when what is left cannot be an Argentine number.
 */
function nationalDigits(raw: string): string | null {
  let digits = raw.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.startsWith('54') && digits.length >= 12) {
    digits = digits.slice(2);
    if (digits.startsWith('9')) digits = digits.slice(1);
  }
  if (digits.startsWith('0')) digits = digits.slice(1);
  // Area codes start with 1 (only Buenos Aires, 11), 2 or 3.
  if (!/^(11|[23])/.test(digits)) return null;
  const lengths = areaCodeLengths(digits);
  // Without a 15 the split only matters for the check of the number's first digit: the likeliest code decides.
  if (digits.length === NATIONAL_LENGTH) return validSubscriber(digits, lengths[0] ?? 4) ? digits : null;
  if (digits.length !== NATIONAL_LENGTH + MOBILE_PREFIX.length) return null;
  for (const area of lengths) {
    if (digits.slice(area, area + 2) !== MOBILE_PREFIX) continue;
    const national = digits.slice(0, area) + digits.slice(area + 2);
    if (validSubscriber(national, area)) return national;
  }
  return null;
}

/** `299 15-555-1234` → `5492995551234`; null when the phone cannot be an Argentine mobile. */
export function normalizeArgentinePhone(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length > 40) return null;
  const national = nationalDigits(raw);
  return national === null ? null : `549${national}`;
}
