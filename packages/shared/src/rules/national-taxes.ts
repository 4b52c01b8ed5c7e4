import { sameCategory } from './size-guides.js';

/**
 * "Precio sin impuestos nacionales" (Ley 27.743, the Régimen de Transparencia Fiscal al Consumidor; Res. SIyC 4/2025
 * art. 2 c): wherever a consumer sees a price, also the amount without VAT and the other national indirect taxes.
 * One function for the server and both apps, so every client shows the same figure.
 */
export const NET_PRICE_LEGEND = 'Precio sin impuestos nacionales';

/** The VAT rates a shop may set (percent): general 21, reduced 10,5, increased 27, exempt 0. */
export const VAT_RATES = [21, 10.5, 27, 0] as const;
export type VatRate = (typeof VAT_RATES)[number];
export const DEFAULT_VAT_RATE: VatRate = 21;
export const VAT_RATE_MESSAGE = 'La alícuota de IVA debe ser 21 %, 10,5 %, 27 % o 0 %';

export interface NationalTaxSettings {
  /** The shop's rate, for every product whose category has none of its own. */
  vatRate: number;
  /** Another rate for some categories (a category matched as the size guides match it: 'corpiño' is 'Corpiños'). */
  categoryRates: readonly { category: string; rate: number }[];
}

/** The price without national taxes, to the peso: round(price / (1 + rate)). */
export function netOfNationalTaxes(price: number, ratePercent: number): number {
  if (!Number.isFinite(price) || price <= 0) return 0;
  const rate = Number.isFinite(ratePercent) && ratePercent > 0 ? ratePercent : 0;
  return Math.round(price / (1 + rate / 100));
}

/** The rate that applies to a product of `category`: its category's own, else the shop's. */
export function vatRateFor(category: string, taxes: NationalTaxSettings): number {
  const own = taxes.categoryRates.find((entry) => sameCategory(entry.category, category));
  return own ? own.rate : taxes.vatRate;
}

/** "10,5 %" as the shop writes a rate. */
export const vatRateLabel = (rate: number) => `${rate.toLocaleString('es-AR')} %`;

/**
 * The net of a total made of lines at their own rates (a cart, an order), after what was taken off the lines (a
 * promotion, a payment discount) spread over them by their value: at one rate, the total's own net.
 */
export function netOfTotal(lines: readonly { amount: number; rate: number }[], total: number): number {
  const gross = lines.reduce((sum, line) => sum + line.amount, 0);
  if (gross <= 0 || total <= 0) return 0;
  const rates = new Set(lines.map((line) => line.rate));
  if (rates.size === 1) return netOfNationalTaxes(total, lines[0]!.rate);
  return Math.round(lines.reduce((sum, line) => sum + (line.amount * total) / gross / (1 + Math.max(0, line.rate) / 100), 0));
}
