import { ACCOUNT_MSG } from '@shop/shared';
import { addressLine, addressName } from '@/features/account';
import type { AccountCheckout } from '../use-account-checkout';

export const USE_SAVED_ADDRESS = 'Usar una dirección guardada';
export const SAVE_ADDRESS_LABEL = 'Guardar esta dirección en mi cuenta';

/** "Usar una dirección guardada": choosing one fills the delivery fields (she can still edit them). */
export function SavedAddressChoice({ account }: { account: AccountCheckout }) {
  if (!account.signedIn || account.addresses.length === 0) return null;
  return (
    <fieldset className="saved-addresses field--full" data-testid="saved-addresses">
      <legend className="delivery-detail__title">{USE_SAVED_ADDRESS}</legend>
      {account.addresses.map((address) => (
        <label key={address.id}>
          <input
            type="radio"
            name="checkout-saved-address"
            value={address.id}
            checked={account.chosen === address.id}
            onChange={() => account.choose(address.id)}
          />
          <span>
            <strong>{addressName(address)}</strong>
            <span className="muted small"> {addressLine(address)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** "Guardar esta dirección en mi cuenta": off until ticked; saved once the order is placed. */
export function SaveAddressOption({ account }: { account: AccountCheckout }) {
  if (!account.signedIn) return null;
  return (
    <div className="save-address field--full">
      <label>
        <input
          type="checkbox"
          id="checkout-save-address"
          checked={account.saveAddress && !account.full}
          disabled={account.full}
          aria-describedby={account.full ? 'checkout-save-address-full' : undefined}
          onChange={(event) => account.setSaveAddress(event.target.checked)}
        />
        {SAVE_ADDRESS_LABEL}
      </label>
      {account.full && (
        <p id="checkout-save-address-full" className="muted small">
          {ACCOUNT_MSG.addresses}: borrá una en Mi cuenta para guardar otra.
        </p>
      )}
    </div>
  );
}
