import { z } from 'zod';
import { formatPrice } from './money.js';

/**
 * Installments as the law asks a shop to advertise them (Res. SIyC 4/2025 art. 2, on Ley 24.240 art. 36): wherever a
 * plan is offered, the cash price, the number of installments, the amount of each, the total financed price and the
 * CFTEA (costo financiero total efectivo anual); "sin interés" only when the plan costs nothing more. One function for
 * the server and both apps, so no two places can disagree.
 */

export const MAX_INSTALLMENT_PLANS = 6;
export const INSTALLMENT_PLAN_MESSAGES = {
  installments: 'Las cuotas de un plan deben ser un número entero entre 2 y 12',
  surcharge: 'El recargo de un plan debe ser un porcentaje entre 0 y 300, con hasta dos decimales',
  cftea: 'El CFTEA de un plan debe ser un porcentaje entre 0 y 10.000, con hasta dos decimales',
  interestFreeCftea: 'Un plan sin recargo («sin interés») tiene CFTEA 0 %; uno con recargo, un CFTEA mayor que 0',
  repeated: 'Cada plan de cuotas debe tener una cantidad de cuotas distinta',
  tooMany: `Se pueden ofrecer hasta ${MAX_INSTALLMENT_PLANS} planes de cuotas`,
  list: 'Los planes de cuotas deben ser una lista de planes (cuotas, recargo y CFTEA)',
  plan: 'Cada plan de cuotas debe tener sus cuotas, su recargo y su CFTEA',
} as const;

const percent = (max: number, message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(max, message)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, message);

export const installmentPlanSchema = z
  .object(
    {
      installments: z
        .number({ error: INSTALLMENT_PLAN_MESSAGES.installments })
        .int(INSTALLMENT_PLAN_MESSAGES.installments)
        .min(2, INSTALLMENT_PLAN_MESSAGES.installments)
        .max(12, INSTALLMENT_PLAN_MESSAGES.installments),
      /** What the financed price costs more than the cash price, in percent (0: "sin interés"). */
      surchargePercent: percent(300, INSTALLMENT_PLAN_MESSAGES.surcharge),
      /** The CFTEA Mercado Pago (or the card) states for this plan, in percent. */
      cftea: percent(10_000, INSTALLMENT_PLAN_MESSAGES.cftea),
    },
    { error: INSTALLMENT_PLAN_MESSAGES.plan },
  )
  .refine((p) => (p.surchargePercent === 0) === (p.cftea === 0), { error: INSTALLMENT_PLAN_MESSAGES.interestFreeCftea, path: ['cftea'] });
export type InstallmentPlan = z.infer<typeof installmentPlanSchema>;

export const installmentPlansSchema = z
  .array(installmentPlanSchema, { error: INSTALLMENT_PLAN_MESSAGES.list })
  .max(MAX_INSTALLMENT_PLANS, INSTALLMENT_PLAN_MESSAGES.tooMany)
  .refine((plans) => new Set(plans.map((p) => p.installments)).size === plans.length, INSTALLMENT_PLAN_MESSAGES.repeated)
  .default([]);

/** A plan's figures on a cash price: each installment to the cent, the total financed to the peso. */
export interface InstallmentFigures {
  installments: number;
  cashPrice: number;
  /** The amount of each installment (pesos, two decimals at most). */
  each: number;
  /** The total financed price (pesos): round(cash × (1 + surcharge)). */
  total: number;
  interestFree: boolean;
  surchargePercent: number;
  cftea: number;
}

export function installmentFigures(cashPrice: number, plan: InstallmentPlan): InstallmentFigures {
  const cash = Number.isFinite(cashPrice) && cashPrice > 0 ? Math.round(cashPrice) : 0;
  const total = Math.round((cash * (100 + plan.surchargePercent)) / 100);
  return {
    installments: plan.installments,
    cashPrice: cash,
    each: Math.round((total * 100) / plan.installments) / 100,
    total,
    interestFree: plan.surchargePercent === 0,
    surchargePercent: plan.surchargePercent,
    cftea: plan.cftea,
  };
}

/** Pesos with cents only when there are any: $3.333,33, $5.000. */
export function formatPriceCents(amount: number): string {
  const cents = Math.round(amount * 100);
  if (cents % 100 === 0) return formatPrice(cents / 100);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${formatPrice(Math.floor(abs / 100))},${String(abs % 100).padStart(2, '0')}`;
}

/** A percent as the law states it: two decimals, Argentine comma ("0,00 %", "89,50 %"). */
export const formatRate = (value: number) => `${value.toLocaleString('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;

/** "3 cuotas sin interés de $3.333,33" / "12 cuotas de $1.166,67". */
export function installmentsHeadline(f: InstallmentFigures): string {
  return `${f.installments} cuotas${f.interestFree ? ' sin interés' : ''} de ${formatPriceCents(f.each)}`;
}

/** The whole line: the headline, the total financed price and the CFTEA (the cash price is the price it sits under). */
export function installmentsLine(f: InstallmentFigures): string {
  return `${installmentsHeadline(f)} · Precio total financiado ${formatPrice(f.total)} · CFTEA ${formatRate(f.cftea)}`;
}

/** The plan a product card shows in one line: the most installments without interest, else the lowest CFTEA. */
export function bestInstallmentPlan(plans: readonly InstallmentPlan[]): InstallmentPlan | null {
  const free = plans.filter((p) => p.surchargePercent === 0).sort((a, b) => b.installments - a.installments);
  if (free[0]) return free[0];
  return [...plans].sort((a, b) => a.cftea - b.cftea || b.installments - a.installments)[0] ?? null;
}

/**
 * The installments the Mercado Pago checkout offers: the owner's maximum, raised to the longest plan she advertises,
 * so that the page never promises what the payment refuses.
 */
export function offeredInstallments(mercadoPago: { maxInstallments: number; installmentPlans: readonly InstallmentPlan[] }): number {
  return Math.max(mercadoPago.maxInstallments, ...mercadoPago.installmentPlans.map((p) => p.installments));
}
