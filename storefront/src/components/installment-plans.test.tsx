import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultSiteContent, type InstallmentPlan } from '@shop/shared';
import { contentQueries } from '@/features/content';
import { mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { InstallmentPlans, InstallmentsOneLine } from './installment-plans';

const PLANS: InstallmentPlan[] = [
  { installments: 3, surchargePercent: 0, cftea: 0 },
  { installments: 12, surchargePercent: 40, cftea: 89.5 },
];

function withMercadoPago(enabled: boolean, onCards: boolean) {
  const content = defaultSiteContent();
  Object.assign(content.checkout.paymentInfo.mercadoPago, { enabled, installmentPlans: PLANS, installmentsOnCards: onCards });
  mockApi({ 'GET /content': { status: 200, data: { content, services: { mercadoPago: true } } } });
}

describe('installments as the law writes them (Res. SIyC 4/2025 art. 2)', () => {
  it('the product page: the cash price, then each plan with its installments, each amount, the total financed and the CFTEA', async () => {
    withMercadoPago(true, false);
    renderWithApp(<InstallmentPlans cashPrice={18_999} />);
    const plans = await screen.findAllByTestId('installment-plan');
    expect(screen.getByTestId('installment-plans')).toHaveTextContent('Precio contado $18.999');
    expect(plans.map((p) => p.textContent)).toEqual([
      '3 cuotas sin interés de $6.333 · Precio total financiado $18.999 · CFTEA 0,00 %',
      '12 cuotas de $2.216,58 · Precio total financiado $26.599 · CFTEA 89,50 %',
    ]);
  });

  it('a card shows its best plan in one line only when the owner chose it', async () => {
    withMercadoPago(true, true);
    const { unmount } = renderWithApp(<InstallmentsOneLine cashPrice={9_000} />);
    expect(await screen.findByTestId('card-installments')).toHaveTextContent(
      '3 cuotas sin interés de $3.000 · Precio total financiado $9.000 · CFTEA 0,00 %',
    );
    unmount();
    withMercadoPago(true, false);
    renderWithApp(
      <>
        <InstallmentsOneLine cashPrice={9_000} />
        <InstallmentPlans cashPrice={9_000} />
      </>,
    );
    await screen.findByTestId('installment-plans');
    expect(screen.queryByTestId('card-installments')).toBeNull();
  });

  it('nothing is advertised while Mercado Pago is not offered', async () => {
    withMercadoPago(false, true);
    const { queryClient } = renderWithApp(
      <>
        <InstallmentsOneLine cashPrice={9_000} />
        <InstallmentPlans cashPrice={9_000} />
      </>,
    );
    // The stored content (with its plans, Mercado Pago off) has arrived before looking.
    await waitFor(() => expect(queryClient.getQueryData(contentQueries.site().queryKey)).toBeDefined());
    expect(screen.queryByTestId('installment-plans')).toBeNull();
    expect(screen.queryByTestId('card-installments')).toBeNull();
  });
});
