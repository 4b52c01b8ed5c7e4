import { MapPin, Package, Truck } from 'lucide-react';
import {
  deliveryCost,
  deliveryTeaser,
  flatDeliveryRule,
  formatPrice,
  formatShipping,
  type CheckoutOptions,
  type SiteContent,
} from '@shop/shared';
import { env } from '@/config/env';
import type { CheckoutForm } from '../use-checkout-form';
import type { DeliveryPlace } from '../use-delivery-place';
import type { CarrierAnswer } from '../use-checkout-pricing';
import type { NationalShipping } from '../use-national-shipping';
import { CarrierOptions } from './carrier-options';
import { ChoiceOption, choiceProps } from './choice-option';
import { HomeDeliveryPlace } from './home-delivery-place';
import { MeetingPointChoice } from './meeting-point-choice';
import { NationalAddress } from './national-address';

/** The id of the quote's problem, which also describes the disabled 'Confirmar Pedido'. */
export const QUOTE_PROBLEM_ID = 'checkout-quote-problem';

interface DeliveryStepProps {
  form: CheckoutForm;
  checkout: SiteContent['checkout'];
  options: CheckoutOptions;
  pickupEnabled: boolean;
  deliveryEnabled: boolean;
  place: DeliveryPlace;
  /** The cart's subtotal (delivery may be free from some amount). */
  subtotal: number;
  /** The chat link of a shopper no delivery zone reaches. */
  outOfZoneChatHref: string;
  /** Why the order cannot be priced as chosen (the quote's 400). */
  problem: string | null;
  /** National shipping ("Envío a todo el país"), when the shop offers it: the address, options and choice. */
  national?: { offered: boolean; state: NationalShipping; answer: CarrierAnswer | null; pending: boolean };
}

/** Pickup at a meeting point or home delivery, as the owner offers them, with the place each one needs. */
export function DeliveryStep({
  form,
  checkout,
  options,
  pickupEnabled,
  deliveryEnabled,
  place,
  subtotal,
  outOfZoneChatHref,
  problem,
  national,
}: DeliveryStepProps) {
  const { meetingPoint } = checkout.deliveryInfo;
  const { homeDelivery } = checkout.shipping;
  const deliveryType = form.watch('deliveryType');
  const byZone = options.zones.length > 0;
  const severalPoints = place.meetingPoints.length > 1;
  const onlyPoint = severalPoints ? null : place.meetingPoint;
  const zone = place.zoneStatus.kind === 'found' ? place.zoneStatus.zone : null;
  const teaser = deliveryTeaser(options);

  let deliveryPrice: string | undefined;
  if (!byZone) deliveryPrice = formatShipping(deliveryCost(subtotal, flatDeliveryRule(options.shipping)));
  else if (zone) deliveryPrice = formatShipping(deliveryCost(subtotal, zone));
  else if (teaser) deliveryPrice = teaser.from > 0 ? `Desde ${formatPrice(teaser.from)}` : undefined;

  return (
    <fieldset className="card checkout-step" data-testid="delivery-step">
      <legend className="checkout-step__title">{checkout.deliveryInfo.title || 'Entrega'}</legend>
      <div className="option-list">
        {pickupEnabled && (
          <ChoiceOption
            {...choiceProps(form, 'deliveryType', 'pickup')}
            icon={MapPin}
            title={
              severalPoints ? 'Retiro en punto de encuentro' : onlyPoint?.title || meetingPoint.title || 'Retiro en punto de encuentro'
            }
            price="Gratis"
          >
            <span className="option__text">{meetingPoint.description}</span>
            {severalPoints ? (
              <span className="option__text">{place.meetingPoints.length} puntos de encuentro para elegir</span>
            ) : (
              <>
                <span className="option__text">
                  <strong>{onlyPoint?.address || meetingPoint.address || env.meetingPoint}</strong>
                </span>
                {onlyPoint?.schedule && <span className="option__text">{onlyPoint.schedule}</span>}
                {onlyPoint?.notes && <span className="option__text muted">{onlyPoint.notes}</span>}
              </>
            )}
          </ChoiceOption>
        )}
        {deliveryEnabled && (
          <ChoiceOption
            {...choiceProps(form, 'deliveryType', 'delivery')}
            icon={Truck}
            title={homeDelivery.title || 'Envío a domicilio'}
            price={deliveryPrice}
          >
            <span className="option__text">{homeDelivery.description}</span>
            {homeDelivery.coverage && <span className="option__text">{homeDelivery.coverage}</span>}
            {!byZone && homeDelivery.estimatedDays && <span className="option__text">Entrega estimada: {homeDelivery.estimatedDays}</span>}
            {!byZone && homeDelivery.freeShippingThreshold > 0 && (
              <span className="option__text muted">Envío gratis desde {formatPrice(homeDelivery.freeShippingThreshold)}</span>
            )}
          </ChoiceOption>
        )}
        {national?.offered && (
          <ChoiceOption {...choiceProps(form, 'deliveryType', 'carrier')} icon={Package} title="Envío a todo el país">
            <span className="option__text">Correo Argentino o Andreani, a tu domicilio o a una sucursal cerca tuyo</span>
          </ChoiceOption>
        )}
      </div>
      {national?.offered && deliveryType === 'carrier' && (
        <>
          <NationalAddress national={national.state} />
          <CarrierOptions
            national={national.state}
            answer={national.answer}
            pending={national.pending}
            onChooseLocal={() => form.setValue('deliveryType', deliveryEnabled ? 'delivery' : 'pickup')}
          />
        </>
      )}
      {pickupEnabled && deliveryType === 'pickup' && severalPoints && (
        <MeetingPointChoice points={place.meetingPoints} chosen={place.meetingPoint} onChoose={place.chooseMeetingPoint} />
      )}
      {deliveryEnabled && deliveryType === 'delivery' && byZone && (
        <HomeDeliveryPlace form={form} zones={options.zones} place={place} subtotal={subtotal} chatHref={outOfZoneChatHref} />
      )}
      {national?.offered && deliveryType === 'delivery' && byZone && place.zoneStatus.kind === 'outOfZone' && (
        <p className="muted small" data-testid="national-hint">
          ¿Estás fuera de Neuquén?{' '}
          <button type="button" className="link-button" onClick={() => form.setValue('deliveryType', 'carrier')}>
            Elegí Envío a todo el país
          </button>
        </p>
      )}
      {problem && (
        <div id={QUOTE_PROBLEM_ID} className="notice notice--error" role="alert" data-testid="quote-problem">
          {problem}
        </div>
      )}
    </fieldset>
  );
}
