/**
 * CUIT / CUIL (Argentina's tax id): 11 digits, the last a check digit computed modulo 11 with the weights
 * 5,4,3,2,7,6,5,4,3,2 over the first ten. Hyphens and spaces are tolerated on input.
 */
const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** The 11 digits of a CUIT written with or without hyphens/spaces; null when it is not 11 digits. */
export function normalizeCuit(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{11}$/.test(digits) ? digits : null;
}

/** The check digit of the first ten digits (null when the rule gives 10, which no valid CUIT has). */
export function cuitCheckDigit(firstTen: string): number | null {
  let sum = 0;
  for (let i = 0; i < 10; i += 1) sum += Number(firstTen[i]) * WEIGHTS[i]!;
  const rest = 11 - (sum % 11);
  if (rest === 11) return 0;
  if (rest === 10) return null;
  return rest;
}

export function isValidCuit(value: string): boolean {
  const digits = normalizeCuit(value);
  if (!digits) return false;
  const check = cuitCheckDigit(digits.slice(0, 10));
  return check !== null && check === Number(digits[10]);
}

/** 20-12345678-6 style. */
export function formatCuit(digits: string): string {
  return `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`;
}

/** The buyer's document for her invoice (optional at checkout): a CUIT (DocTipo 80) or a DNI (DocTipo 96). */
export type BuyerDocument = { kind: 'cuit' | 'dni'; number: string };

export const BUYER_DOCUMENT_MESSAGES = {
  invalid: 'DNI o CUIT: escribí un DNI de 7 u 8 números o un CUIT de 11',
  cuitInvalid: 'DNI o CUIT: el CUIT no es válido (revisá el dígito verificador)',
  required: (threshold: string) => `DNI o CUIT: para compras de más de ${threshold} ARCA pide identificar a quien compra`,
} as const;

/**
 * What the shopper typed as DNI or CUIT (dots, hyphens and spaces tolerated): 7–8 digits a DNI, 11 digits a CUIT
 * with a valid check digit. Answers the document, or the Spanish reason it is not one.
 */
export function parseBuyerDocument(value: string): BuyerDocument | { error: string } {
  const digits = value.replace(/[\s.-]/g, '');
  if (/^\d{7,8}$/.test(digits) && Number(digits) > 0) return { kind: 'dni', number: digits };
  if (/^\d{11}$/.test(digits))
    return isValidCuit(digits) ? { kind: 'cuit', number: digits } : { error: BUYER_DOCUMENT_MESSAGES.cuitInvalid };
  return { error: BUYER_DOCUMENT_MESSAGES.invalid };
}

/** Whether an order of `total` without a document is above the identification threshold (0: never asked). */
export function buyerDocumentRequired(total: number, threshold: number): boolean {
  return threshold > 0 && total > threshold;
}
