import { bestInstallmentPlan, formatPrice, installmentFigures, installmentsLine, type InstallmentPlan } from '@shop/shared';
import { useSiteContent } from '@/features/content';

/** The plans the shop advertises, while Mercado Pago is offered (the content says so only with the server's credentials). */
function useInstallmentPlans(): { plans: readonly InstallmentPlan[]; onCards: boolean } {
  const { mercadoPago } = useSiteContent().content.checkout.paymentInfo;
  if (!mercadoPago.enabled) return { plans: [], onCards: false };
  return { plans: mercadoPago.installmentPlans, onCards: mercadoPago.installmentsOnCards };
}

/**
 * The product page's installments (Res. SIyC 4/2025 art. 2): the cash price, then each plan's number of installments,
 * the amount of each, the total financed price and the CFTEA, from the one shared function.
 */
export function InstallmentPlans({ cashPrice }: { cashPrice: number }) {
  const { plans } = useInstallmentPlans();
  if (plans.length === 0 || cashPrice <= 0) return null;
  return (
    <section className="installments" aria-labelledby="installments-title" data-testid="installment-plans">
      <h2 id="installments-title" className="installments__title">
        Cuotas con Mercado Pago
      </h2>
      <p className="installments__cash">Precio contado {formatPrice(cashPrice)}</p>
      <ul>
        {plans.map((plan) => (
          <li key={plan.installments} data-testid="installment-plan">
            {installmentsLine(installmentFigures(cashPrice, plan))}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A product card's one line, when the owner chose to show it: its best plan, with every figure the law asks. */
export function InstallmentsOneLine({ cashPrice }: { cashPrice: number }) {
  const { plans, onCards } = useInstallmentPlans();
  const plan = onCards ? bestInstallmentPlan(plans) : null;
  if (!plan || cashPrice <= 0) return null;
  return (
    <p className="installments-line" data-testid="card-installments">
      {installmentsLine(installmentFigures(cashPrice, plan))}
    </p>
  );
}
