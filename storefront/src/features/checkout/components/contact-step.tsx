import { CHECKOUT_MSG } from '@shop/shared';
import type { AccountCheckout } from '../use-account-checkout';
import type { CheckoutForm } from '../use-checkout-form';
import type { WhatsappOptIn } from '../use-checkout-submit';
import { SaveAddressOption, SavedAddressChoice } from './account-address-parts';
import { CheckoutField } from './checkout-field';
import { WhatsappOptInField } from './whatsapp-opt-in';

/**
 * 'Tus datos': the shopper's contact, and the address only for home delivery (its postal code sits beside the barrio
 * instead when the shop prices delivery by zone: `withPostalCode` false).
 */
export function ContactStep({
  form,
  withPostalCode = true,
  documentRequired = false,
  whatsappOptIn,
  account,
}: {
  form: CheckoutForm;
  withPostalCode?: boolean;
  /** The order is above the identification threshold: ARCA asks the buyer's DNI or CUIT for the invoice. */
  documentRequired?: boolean;
  /** The WhatsApp consent, right under the phone. */
  whatsappOptIn: WhatsappOptIn;
  /** Her account, when she is signed in: saved addresses to choose and the option to save this one. */
  account?: AccountCheckout;
}) {
  const delivery = form.watch('deliveryType') === 'delivery';
  return (
    <fieldset className="card checkout-step">
      <legend className="checkout-step__title">Tus datos</legend>
      <div className="form-grid">
        {account && delivery && <SavedAddressChoice account={account} />}
        <CheckoutField form={form} field="fullName" label="Nombre completo *" full autoComplete="name" />
        <CheckoutField form={form} field="email" label="Email *" type="email" autoComplete="email" />
        <CheckoutField form={form} field="phone" label="Teléfono *" type="tel" autoComplete="tel" />
        <WhatsappOptInField optIn={whatsappOptIn} />
        <CheckoutField
          form={form}
          field="buyerDocument"
          label={documentRequired ? 'DNI o CUIT (para tu factura) *' : 'DNI o CUIT (opcional, para tu factura)'}
          inputMode="numeric"
          autoComplete="off"
        />
        <p className="muted small field--full" data-testid="checkout-draft-notice">
          {CHECKOUT_MSG.privacyNotice}
        </p>
        {delivery && (
          <>
            <CheckoutField form={form} field="address" label="Dirección *" full autoComplete="street-address" />
            <CheckoutField form={form} field="city" label="Ciudad *" autoComplete="address-level2" />
            {withPostalCode && (
              <CheckoutField form={form} field="postalCode" label="Código postal" autoComplete="postal-code" inputMode="numeric" />
            )}
            {account && <SaveAddressOption account={account} />}
          </>
        )}
        <CheckoutField form={form} field="notes" label="Notas del pedido" full multiline />
      </div>
    </fieldset>
  );
}
