import { Building2, Truck } from 'lucide-react';
import {
  CARRIER_LABELS,
  FLAT_SHIPPING_CARRIER,
  formatShipping,
  postalCodeProblem,
  SHIPPING_SERVICE_TYPE_LABELS,
  type ShippingOption,
} from '@shop/shared';
import type { CarrierAnswer } from '../use-checkout-pricing';
import type { NationalShipping } from '../use-national-shipping';
import { BranchPicker } from './branch-picker';
import { ChoiceOption } from './choice-option';

export const CARRIER_TEXT = {
  waiting: 'Completá el código postal y la provincia para ver las opciones de envío.',
  loading: 'Cotizando el envío con los correos…',
  none: 'No hay opciones de envío para este código postal en este momento: probá más tarde o escribinos.',
  local: 'Elegir envío o retiro en Neuquén',
} as const;

const daysText = ({ min, max }: ShippingOption['days']) => (min === max ? `${min} días hábiles` : `${min} a ${max} días hábiles`);

/** The option's title as the shopper reads it: "Correo Argentino Clásico", the flat rate by its own name. */
const optionTitle = (option: ShippingOption) =>
  option.carrier === FLAT_SHIPPING_CARRIER ? option.service : `${CARRIER_LABELS[option.carrier]} ${option.service}`;

const sameOption = (a: ShippingOption | null, b: ShippingOption) =>
  a !== null && a.carrier === b.carrier && a.service === b.service && a.type === b.type;

interface CarrierOptionsProps {
  national: NationalShipping;
  /** The last national quote's options (null before the first). */
  answer: CarrierAnswer | null;
  /** A quote for this place is on its way. */
  pending: boolean;
  /** A postal code inside the Neuquén zones: back to the local choices. */
  onChooseLocal: () => void;
}

/** The carriers' options for the address (price and days), the carriers that gave none, and a branch option's branch. */
export function CarrierOptions({ national, answer, pending, onChooseLocal }: CarrierOptionsProps) {
  const { address, destination, option } = national;
  const typed = address.postalCode.trim().length >= 4 && address.province !== '';
  const problem = typed && !destination ? postalCodeProblem(address.postalCode, address.province) : null;
  const loading = destination !== null && (pending || answer === null);
  return (
    <div className="delivery-detail carrier-options" data-testid="carrier-options">
      <p className="delivery-detail__title" id="carrier-options-title">
        Opciones de envío
      </p>
      <div role="status" aria-live="polite" className="carrier-options__status">
        {!destination && !problem && <p className="muted">{CARRIER_TEXT.waiting}</p>}
        {loading && <p data-testid="carrier-loading">{CARRIER_TEXT.loading}</p>}
      </div>
      {problem && (
        <p className="notice notice--error" role="alert" data-testid="postal-code-problem">
          {problem}
        </p>
      )}
      {destination && answer && (
        <>
          {answer.localDelivery && (
            <div className="notice carrier-options__local" data-testid="local-first">
              <p>{answer.localDelivery.message}</p>
              <button type="button" className="btn btn--secondary" onClick={onChooseLocal}>
                {CARRIER_TEXT.local}
              </button>
            </div>
          )}
          {answer.options.length > 0 ? (
            <div className="option-list" role="radiogroup" aria-labelledby="carrier-options-title">
              {answer.options.map((o) => (
                <ChoiceOption
                  key={`${o.carrier}-${o.service}-${o.type}`}
                  name="shippingOption"
                  value={`${o.carrier}-${o.service}-${o.type}`}
                  checked={sameOption(option, o)}
                  onChoose={() => national.chooseOption(o)}
                  icon={o.type === 'branch' ? Building2 : Truck}
                  title={optionTitle(o)}
                  price={formatShipping(o.price)}
                >
                  <span className="option__text">{SHIPPING_SERVICE_TYPE_LABELS[o.type]}</span>
                  <span className="option__text muted">Llega en {daysText(o.days)}</span>
                </ChoiceOption>
              ))}
            </div>
          ) : (
            !pending && <p className="notice">{CARRIER_TEXT.none}</p>
          )}
          {answer.unavailable.length > 0 && (
            <ul className="carrier-options__unavailable muted small" data-testid="carrier-unavailable">
              {answer.unavailable.map((u) => (
                <li key={u.carrier}>{u.message}</li>
              ))}
            </ul>
          )}
          {option?.type === 'branch' && option.carrier !== FLAT_SHIPPING_CARRIER && (
            <BranchPicker carrier={option.carrier} destination={destination} chosen={national.branchId} onChoose={national.chooseBranch} />
          )}
        </>
      )}
    </div>
  );
}
