import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Number types WhatsApp may reach (in Argentina a number written without its 15 reads as a fixed line). */
const REACHABLE = new Set(['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE']);

/**
 * A phone as the shopper wrote it ("299 15 412-3456", "0299-4123456", "+54 9 299 4123456") in the one form WhatsApp
 * uses: digits only, for Argentina 54 9, the area code without its 0 and the number without its 15. Parsed by
 * libphonenumber-js (Google's libphonenumber metadata: area codes, the 15 and the trunk 0); null when it cannot be a
 * number WhatsApp reaches (too short, a toll-free or shared-cost line, nothing like a phone).
 */
export function whatsappNumber(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.trim() === '' || raw.length > 40) return null;
  const parsed = parsePhoneNumberFromString(raw, 'AR');
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  if (parsed.country === 'AR') {
    if (type !== undefined && !REACHABLE.has(type)) return null;
    // WhatsApp writes every Argentine mobile with the 9 after 54 (and never the 15).
    const national = parsed.nationalNumber.startsWith('9') ? parsed.nationalNumber.slice(1) : parsed.nationalNumber;
    return national.length === 10 ? `549${national}` : null;
  }
  if (type !== undefined && !REACHABLE.has(type)) return null;
  return parsed.number.slice(1);
}
