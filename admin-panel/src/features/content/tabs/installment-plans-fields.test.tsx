import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INSTALLMENT_PLAN_MESSAGES, defaultSiteContent, type SiteContent } from '@shop/shared';
import { ContentHarness } from '@/test/content-harness';
import { InstallmentPlansFields } from './installment-plans-fields';

function Harness({ onChange }: { onChange: (content: SiteContent) => void }) {
  return (
    <ContentHarness onChange={onChange}>
      {(content, edit) => <InstallmentPlansFields mercadoPago={content.checkout.paymentInfo.mercadoPago} edit={edit} />}
    </ContentHarness>
  );
}

describe('content editor: installment plans', () => {
  it('adds a plan, previews the line the shopper reads, flags a CFTEA that contradicts "sin interés", and removes it', async () => {
    let saved = defaultSiteContent();
    render(<Harness onChange={(next) => (saved = next)} />);
    expect(screen.getByText('Sin planes: la tienda no anuncia cuotas.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Agregar plan de cuotas' }));
    expect(saved.checkout.paymentInfo.mercadoPago.installmentPlans).toEqual([{ installments: 3, surchargePercent: 0, cftea: 0 }]);
    expect(screen.getByTestId('installment-plan-preview')).toHaveTextContent(
      'En un producto de $10.000: 3 cuotas sin interés de $3.333,33 · Precio total financiado $10.000 · CFTEA 0,00 %',
    );
    const plan = within(screen.getByRole('group', { name: 'Plan 1' }));
    await user.type(plan.getByLabelText('CFTEA (%)'), '5');
    expect(screen.getByRole('alert')).toHaveTextContent(INSTALLMENT_PLAN_MESSAGES.interestFreeCftea);
    expect(screen.queryByTestId('installment-plan-preview')).toBeNull();
    await user.clear(plan.getByLabelText('Recargo (%)'));
    await user.type(plan.getByLabelText('Recargo (%)'), '10');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('installment-plan-preview')).toHaveTextContent('3 cuotas de $3.666,67 · Precio total financiado $11.000');
    await user.click(screen.getByRole('checkbox', { name: 'Mostrar la mejor cuota en cada tarjeta de producto' }));
    expect(saved.checkout.paymentInfo.mercadoPago.installmentsOnCards).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Quitar el plan 1' }));
    expect(saved.checkout.paymentInfo.mercadoPago.installmentPlans).toEqual([]);
  });
});
