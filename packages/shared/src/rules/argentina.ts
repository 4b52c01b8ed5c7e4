/**
 * Argentina's 24 jurisdictions (23 provinces and the Ciudad Autónoma de Buenos Aires) with their ISO 3166-2:AR codes,
 * and its postal codes: the old 4-digit code (5000) or the 8-character CPA (X5000ABC: the jurisdiction's letter, the
 * 4-digit code, three letters for the side of the block). The CPA's first letter is the jurisdiction's letter, the same
 * letter its ISO code ends in (AR-X Córdoba, X5000ABC).
 */
export const PROVINCES = [
  { code: 'AR-A', letter: 'A', name: 'Salta' },
  { code: 'AR-B', letter: 'B', name: 'Buenos Aires' },
  { code: 'AR-C', letter: 'C', name: 'Ciudad Autónoma de Buenos Aires' },
  { code: 'AR-D', letter: 'D', name: 'San Luis' },
  { code: 'AR-E', letter: 'E', name: 'Entre Ríos' },
  { code: 'AR-F', letter: 'F', name: 'La Rioja' },
  { code: 'AR-G', letter: 'G', name: 'Santiago del Estero' },
  { code: 'AR-H', letter: 'H', name: 'Chaco' },
  { code: 'AR-J', letter: 'J', name: 'San Juan' },
  { code: 'AR-K', letter: 'K', name: 'Catamarca' },
  { code: 'AR-L', letter: 'L', name: 'La Pampa' },
  { code: 'AR-M', letter: 'M', name: 'Mendoza' },
  { code: 'AR-N', letter: 'N', name: 'Misiones' },
  { code: 'AR-P', letter: 'P', name: 'Formosa' },
  { code: 'AR-Q', letter: 'Q', name: 'Neuquén' },
  { code: 'AR-R', letter: 'R', name: 'Río Negro' },
  { code: 'AR-S', letter: 'S', name: 'Santa Fe' },
  { code: 'AR-T', letter: 'T', name: 'Tucumán' },
  { code: 'AR-U', letter: 'U', name: 'Chubut' },
  { code: 'AR-V', letter: 'V', name: 'Tierra del Fuego, Antártida e Islas del Atlántico Sur' },
  { code: 'AR-W', letter: 'W', name: 'Corrientes' },
  { code: 'AR-X', letter: 'X', name: 'Córdoba' },
  { code: 'AR-Y', letter: 'Y', name: 'Jujuy' },
  { code: 'AR-Z', letter: 'Z', name: 'Santa Cruz' },
] as const;

export type Province = (typeof PROVINCES)[number];
export type ProvinceCode = Province['code'];

/** The provinces as a form lists them: by name, in Spanish order. */
export const PROVINCES_BY_NAME: readonly Province[] = [...PROVINCES].sort((a, b) => a.name.localeCompare(b.name, 'es'));

export const PROVINCE_CODES = PROVINCES.map((p) => p.code) as [ProvinceCode, ...ProvinceCode[]];

export function provinceByCode(code: unknown): Province | undefined {
  return PROVINCES.find((p) => p.code === code);
}

export function provinceByLetter(letter: string): Province | undefined {
  return PROVINCES.find((p) => p.letter === letter.toUpperCase());
}

export const POSTAL_CODE_MSG = {
  required: 'Ingresá el código postal',
  format: 'El código postal debe tener 4 números (por ejemplo 5000) o ser el CPA de 8 caracteres (por ejemplo X5000ABC)',
  letter: 'La letra del CPA no es una provincia argentina',
  province: 'Elegí la provincia de la lista',
  mismatch: (cpa: string, cpaProvince: string, chosen: string) =>
    `El CPA ${cpa} es de ${cpaProvince}, no de ${chosen}: revisá la provincia o el código postal`,
} as const;

/** A postal code read: its 4 digits (what carriers quote with), the CPA when one was given, and the CPA's jurisdiction. */
export interface PostalCode {
  digits: string;
  cpa: string | null;
  province: Province | null;
}

const FOUR_DIGITS = /^[1-9]\d{3}$/;
const CPA = /^([A-Z])([1-9]\d{3})([A-Z]{3})$/;

/** Reads a postal code (spaces and case tolerated): `{ok, value}` or `{ok: false, message}` in Spanish. */
export function parsePostalCode(input: unknown): { ok: true; value: PostalCode } | { ok: false; message: string } {
  if (typeof input !== 'string' || input.trim() === '') return { ok: false, message: POSTAL_CODE_MSG.required };
  const text = input.replace(/[\s-]/g, '').toUpperCase();
  if (FOUR_DIGITS.test(text)) return { ok: true, value: { digits: text, cpa: null, province: null } };
  const match = CPA.exec(text);
  if (!match) return { ok: false, message: POSTAL_CODE_MSG.format };
  const province = provinceByLetter(match[1]!);
  if (!province) return { ok: false, message: POSTAL_CODE_MSG.letter };
  return { ok: true, value: { digits: match[2]!, cpa: text, province } };
}

/**
 * A postal code checked against the jurisdiction chosen beside it: null when it fits, else the Spanish message (a
 * 4-digit code fits any jurisdiction; a CPA only its own).
 */
export function postalCodeProblem(postalCode: unknown, provinceCode?: unknown): string | null {
  const parsed = parsePostalCode(postalCode);
  if (!parsed.ok) return parsed.message;
  if (provinceCode === undefined) return null;
  const chosen = provinceByCode(provinceCode);
  if (!chosen) return POSTAL_CODE_MSG.province;
  const { cpa, province } = parsed.value;
  if (cpa && province && province.code !== chosen.code) return POSTAL_CODE_MSG.mismatch(cpa, province.name, chosen.name);
  return null;
}
