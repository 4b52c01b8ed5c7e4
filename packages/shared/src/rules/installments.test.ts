import { describe, expect, it } from 'vitest';
import { defaultSiteContent } from '../content/site-content.js';
import { readSiteContent } from '../content/content-read.js';
import {
  INSTALLMENT_PLAN_MESSAGES,
  bestInstallmentPlan,
  formatPriceCents,
  installmentFigures,
  installmentPlansSchema,
  installmentsLine,
  offeredInstallments,
} from './installments.js';

const FREE3 = { installments: 3, surchargePercent: 0, cftea: 0 };
const FREE6 = { installments: 6, surchargePercent: 0, cftea: 0 };
const TWELVE = { installments: 12, surchargePercent: 40, cftea: 89.5 };

describe('installment figures (Res. SIyC 4/2025 art. 2)', () => {
  it('3 sin interés on $10.000: $3.333,33 each, $10.000 financed, CFTEA 0,00 %', () => {
    const f = installmentFigures(10_000, FREE3);
    expect(f).toMatchObject({ installments: 3, cashPrice: 10_000, each: 3333.33, total: 10_000, interestFree: true });
    expect(installmentsLine(f)).toBe('3 cuotas sin interés de $3.333,33 · Precio total financiado $10.000 · CFTEA 0,00 %');
  });

  it('12 with a 40 % surcharge on $18.999: the total to the peso, each to the cent, never "sin interés"', () => {
    const f = installmentFigures(18_999, TWELVE);
    expect(f.total).toBe(26_599); // 18.999 × 1,4 = 26.598,6
    expect(f.each).toBe(2216.58);
    expect(installmentsLine(f)).toBe('12 cuotas de $2.216,58 · Precio total financiado $26.599 · CFTEA 89,50 %');
    expect(installmentsLine(f)).not.toContain('sin interés');
  });

  it('writes pesos with cents only when there are any', () => {
    expect(formatPriceCents(5000)).toBe('$5.000');
    expect(formatPriceCents(1234567.8)).toBe('$1.234.567,80');
    expect(formatPriceCents(0.05)).toBe('$0,05');
  });

  it("the card's best plan: the most installments without interest, else the lowest CFTEA", () => {
    expect(bestInstallmentPlan([FREE3, TWELVE, FREE6])).toEqual(FREE6);
    expect(bestInstallmentPlan([TWELVE, { installments: 6, surchargePercent: 20, cftea: 60 }])).toMatchObject({ installments: 6 });
    expect(bestInstallmentPlan([])).toBeNull();
  });

  it('Mercado Pago offers at least the longest plan the pages promise', () => {
    expect(offeredInstallments({ maxInstallments: 6, installmentPlans: [FREE3, TWELVE] })).toBe(12);
    expect(offeredInstallments({ maxInstallments: 6, installmentPlans: [FREE3] })).toBe(6);
    expect(offeredInstallments({ maxInstallments: 1, installmentPlans: [] })).toBe(1);
  });
});

describe('the plans the owner sets', () => {
  it('refuses, in Spanish, what would state a false figure', () => {
    const refused = (plans: unknown) => {
      const parsed = installmentPlansSchema.safeParse(plans);
      return parsed.success ? null : parsed.error.issues[0]?.message;
    };
    expect(refused([{ installments: 1, surchargePercent: 0, cftea: 0 }])).toBe(INSTALLMENT_PLAN_MESSAGES.installments);
    expect(refused([{ installments: 13, surchargePercent: 0, cftea: 0 }])).toBe(INSTALLMENT_PLAN_MESSAGES.installments);
    expect(refused([{ installments: 3, surchargePercent: 0, cftea: 12 }])).toBe(INSTALLMENT_PLAN_MESSAGES.interestFreeCftea);
    expect(refused([{ installments: 3, surchargePercent: 10, cftea: 0 }])).toBe(INSTALLMENT_PLAN_MESSAGES.interestFreeCftea);
    expect(refused([{ installments: 3, surchargePercent: 10.123, cftea: 50 }])).toBe(INSTALLMENT_PLAN_MESSAGES.surcharge);
    expect(refused([{ installments: 3, surchargePercent: -1, cftea: 50 }])).toBe(INSTALLMENT_PLAN_MESSAGES.surcharge);
    expect(refused([{ installments: 3, surchargePercent: 10, cftea: '50' }])).toBe(INSTALLMENT_PLAN_MESSAGES.cftea);
    expect(refused([FREE3, { ...FREE3 }])).toBe(INSTALLMENT_PLAN_MESSAGES.repeated);
    expect(refused([2, 3, 4, 5, 6, 7, 8].map((n) => ({ installments: n, surchargePercent: 0, cftea: 0 })))).toBe(
      INSTALLMENT_PLAN_MESSAGES.tooMany,
    );
    expect(refused('tres')).toBe(INSTALLMENT_PLAN_MESSAGES.list);
    expect(refused([null])).toBe(INSTALLMENT_PLAN_MESSAGES.plan);
    expect(refused([FREE3, TWELVE])).toBeNull();
  });

  it('none by default; a stored plan outside the rules (Strapi panel) is left out and named', () => {
    expect(defaultSiteContent().checkout.paymentInfo.mercadoPago).toMatchObject({ installmentPlans: [], installmentsOnCards: false });
    const { content, problems } = readSiteContent({
      checkout: { paymentInfo: { mercadoPago: { installmentPlans: [FREE3, { installments: 6, surchargePercent: 0, cftea: 30 }] } } },
    });
    expect(content.checkout.paymentInfo.mercadoPago.installmentPlans).toEqual([FREE3]);
    expect(problems.map((p) => p.path)).toEqual(['checkout.paymentInfo.mercadoPago.installmentPlans.1']);
  });
});
