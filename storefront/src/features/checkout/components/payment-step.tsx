import { Banknote, Landmark } from 'lucide-react';
import { formatPrice, type SiteContent } from '@shop/shared';
import type { CheckoutForm } from '../use-checkout-form';
import type { TransferProof } from '../use-transfer-proof';
import { BankDetails } from '@/components/bank-details';
import { ChoiceOption, choiceProps } from './choice-option';
import { ProofField } from './proof-field';

interface PaymentStepProps {
  form: CheckoutForm;
  paymentInfo: SiteContent['checkout']['paymentInfo'];
  proof: TransferProof;
}

/** Cash or bank transfer; a transfer shows the bank details and the optional proof. */
export function PaymentStep({ form, paymentInfo, proof }: PaymentStepProps) {
  const paymentMethod = form.watch('paymentMethod');
  const { cashOnDelivery, bankTransfer } = paymentInfo;
  return (
    <fieldset className="card checkout-step">
      <legend className="checkout-step__title">{paymentInfo.title || 'Método de pago'}</legend>
      <div className="option-list">
        {cashOnDelivery.enabled && (
          <ChoiceOption
            {...choiceProps(form, 'paymentMethod', 'cash')}
            icon={Banknote}
            title={cashOnDelivery.title || 'Efectivo'}
            price={cashOnDelivery.additionalFee > 0 ? `+${formatPrice(cashOnDelivery.additionalFee)}` : undefined}
          >
            <span className="option__text">{cashOnDelivery.description}</span>
            {cashOnDelivery.notes && <span className="option__text muted">{cashOnDelivery.notes}</span>}
          </ChoiceOption>
        )}
        {bankTransfer.enabled && (
          <ChoiceOption
            {...choiceProps(form, 'paymentMethod', 'transfer')}
            icon={Landmark}
            title={bankTransfer.title || 'Transferencia bancaria'}
          >
            {bankTransfer.instructions && <span className="option__text">{bankTransfer.instructions}</span>}
          </ChoiceOption>
        )}
      </div>
      {paymentMethod === 'transfer' && (
        <div className="transfer-box" data-testid="transfer-box">
          <BankDetails bank={bankTransfer} />
          <ProofField proof={proof} />
        </div>
      )}
    </fieldset>
  );
}
