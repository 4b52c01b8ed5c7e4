import { Banknote, CreditCard, Landmark, type LucideIcon } from 'lucide-react';
import { formatPrice, offeredInstallments, type PaymentMethod, type SiteContent } from '@shop/shared';
import type { CheckoutForm } from '../use-checkout-form';
import type { TransferProof } from '../use-transfer-proof';
import { BankDetails } from '@/components/bank-details';
import { holdDuration } from '../checkout-rules';
import { ChoiceOption, choiceProps } from './choice-option';
import { ProofField } from './proof-field';

interface PaymentStepProps {
  form: CheckoutForm;
  paymentInfo: SiteContent['checkout']['paymentInfo'];
  proof: TransferProof;
}

/**
 * Cash, bank transfer or Mercado Pago; a transfer shows the bank details and the optional proof, Mercado Pago what
 * happens when the order is confirmed. Mercado Pago is listed only when it is on in the content and the server can
 * take the payment (see offeredContent).
 */
export function PaymentStep({ form, paymentInfo, proof }: PaymentStepProps) {
  const paymentMethod = form.watch('paymentMethod');
  const { cashOnDelivery, bankTransfer, mercadoPago } = paymentInfo;
  const choice = (method: PaymentMethod, icon: LucideIcon, title: string) => ({
    ...choiceProps(form, 'paymentMethod', method),
    icon,
    title,
  });
  return (
    <fieldset className="card checkout-step">
      <legend className="checkout-step__title">{paymentInfo.title || 'Método de pago'}</legend>
      <div className="option-list">
        {cashOnDelivery.enabled && (
          <ChoiceOption
            {...choice('cash', Banknote, cashOnDelivery.title || 'Efectivo')}
            price={cashOnDelivery.additionalFee > 0 ? `+${formatPrice(cashOnDelivery.additionalFee)}` : undefined}
          >
            <span className="option__text">{cashOnDelivery.description}</span>
            {cashOnDelivery.notes && <span className="option__text muted">{cashOnDelivery.notes}</span>}
          </ChoiceOption>
        )}
        {bankTransfer.enabled && (
          <ChoiceOption {...choice('transfer', Landmark, bankTransfer.title || 'Transferencia bancaria')}>
            {bankTransfer.instructions && <span className="option__text">{bankTransfer.instructions}</span>}
          </ChoiceOption>
        )}
        {mercadoPago.enabled && (
          <ChoiceOption {...choice('mercadopago', CreditCard, mercadoPago.title || 'Mercado Pago')}>
            {mercadoPago.description && <span className="option__text">{mercadoPago.description}</span>}
            {/* What the payment will offer: the owner's maximum, or the longest plan the product pages advertise. */}
            {offeredInstallments(mercadoPago) > 1 && (
              <span className="option__text muted">Hasta {offeredInstallments(mercadoPago)} cuotas</span>
            )}
          </ChoiceOption>
        )}
      </div>
      {paymentMethod === 'transfer' && (
        <div className="transfer-box" data-testid="transfer-box">
          <BankDetails bank={bankTransfer} />
          <ProofField proof={proof} />
        </div>
      )}
      {paymentMethod === 'mercadopago' && mercadoPago.enabled && (
        <div className="mercadopago-box" data-testid="mercadopago-box">
          <p className="option__text">
            Al confirmar el pedido te llevamos a Mercado Pago para pagar.
            {mercadoPago.reservationMinutes > 0 &&
              ` Reservamos tus productos durante ${holdDuration(mercadoPago.reservationMinutes)} para que completes el pago.`}
          </p>
        </div>
      )}
    </fieldset>
  );
}
