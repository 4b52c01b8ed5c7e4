import { parseBuyerDocument, type BuyerDocument } from '@shop/shared';

/**
 * What ARCA needs to know about one voucher: its type (Factura/Nota de crédito A, B or C), the buyer's document and
 * IVA condition, and the amounts with the IVA lines each kind requires. Prices in the shop include IVA: a Factura B
 * or A splits the 21 % out of the total; a Factura C (monotributo) carries no IVA.
 */
export type Letter = 'A' | 'B' | 'C';
export type VoucherKind = 'invoice' | 'credit_note';

const TYPES: Record<Letter, Record<VoucherKind, number>> = {
  A: { invoice: 1, credit_note: 3 },
  B: { invoice: 6, credit_note: 8 },
  C: { invoice: 11, credit_note: 13 },
};

export const DOC_CUIT = 80;
export const DOC_DNI = 96;
export const DOC_NONE = 99;
/** CondicionIVAReceptorId: 1 responsable inscripto, 5 consumidor final. */
export const RECEIVER_RI = 1;
export const RECEIVER_FINAL = 5;
const VAT_21_ID = 5;

export interface VoucherPlan {
  letter: Letter;
  voucherType: number;
  docType: number;
  docNumber: string;
  receiverVatCondition: number;
  total: number;
  net: number;
  vat: number;
  vatLines: { id: number; base: number; amount: number }[];
}

const cents = (value: number) => Math.round(value * 100) / 100;

export function letterFor(taxCondition: string, buyerCuit: string | null): Letter {
  if (taxCondition !== 'responsable_inscripto') return 'C';
  return buyerCuit ? 'A' : 'B';
}

/** The buyer's document as stored on the order (its digits), or null when none or unreadable. */
export function buyerDocumentOf(stored: string | null | undefined): BuyerDocument | null {
  if (!stored) return null;
  const parsed = parseBuyerDocument(stored);
  return 'error' in parsed ? null : parsed;
}

/** The document of a stored voucher (a credit note carries its invoice's). */
export function buyerOfVoucher(docType: number | null, docNumber: string | null): BuyerDocument | null {
  if (docType === DOC_CUIT && docNumber) return { kind: 'cuit', number: docNumber };
  if (docType === DOC_DNI && docNumber) return { kind: 'dni', number: docNumber };
  return null;
}

/**
 * DocTipo 80 with a CUIT, 96 with a DNI, 99 (consumidor final, DocNro 0) without; a Factura A only for a shop that is
 * Responsable Inscripto selling to a CUIT (its receiver: responsable inscripto), every other voucher to a final consumer.
 */
export function voucherPlan(
  taxCondition: string,
  kind: VoucherKind,
  total: number,
  buyer: BuyerDocument | null,
  letterOverride?: Letter,
): VoucherPlan {
  const letter = letterOverride ?? letterFor(taxCondition, buyer?.kind === 'cuit' ? buyer.number : null);
  const amount = cents(total);
  const base = {
    letter,
    voucherType: TYPES[letter][kind],
    docType: buyer ? (buyer.kind === 'cuit' ? DOC_CUIT : DOC_DNI) : DOC_NONE,
    docNumber: buyer ? buyer.number : '0',
    receiverVatCondition: letter === 'A' ? RECEIVER_RI : RECEIVER_FINAL,
    total: amount,
  };
  if (letter === 'C') return { ...base, net: amount, vat: 0, vatLines: [] };
  const net = cents(amount / 1.21);
  const vat = cents(amount - net);
  return { ...base, net, vat, vatLines: [{ id: VAT_21_ID, base: net, amount: vat }] };
}

/** "Factura C", "Nota de crédito B". */
export const voucherName = (kind: VoucherKind, letter: string) => `${kind === 'invoice' ? 'Factura' : 'Nota de crédito'} ${letter}`;

/** 00002-00000015 */
export const voucherNumberText = (pointOfSale: number, number: number) =>
  `${String(pointOfSale).padStart(5, '0')}-${String(number).padStart(8, '0')}`;

/** A plan as the invoice row stores it (the amounts never change between attempts). */
export function planColumns(plan: VoucherPlan) {
  return {
    letter: plan.letter,
    voucherType: plan.voucherType,
    docType: plan.docType,
    docNumber: plan.docNumber,
    receiverVatCondition: plan.receiverVatCondition,
    total: plan.total,
    net: plan.net,
    vat: plan.vat,
  };
}
