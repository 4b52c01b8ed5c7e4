import { MapPin, Truck } from 'lucide-react';
import { formatPrice, formatShipping, type SiteContent } from '@shop/shared';
import { env } from '@/config/env';
import type { CheckoutForm } from '../use-checkout-form';
import { ChoiceOption, choiceProps } from './choice-option';

interface DeliveryStepProps {
  form: CheckoutForm;
  checkout: SiteContent['checkout'];
  pickupEnabled: boolean;
  deliveryEnabled: boolean;
  homeDeliveryCost: number;
}

/** Pickup at the meeting point or home delivery, as the owner offers them. */
export function DeliveryStep({ form, checkout, pickupEnabled, deliveryEnabled, homeDeliveryCost }: DeliveryStepProps) {
  const { meetingPoint } = checkout.deliveryInfo;
  const { homeDelivery } = checkout.shipping;
  return (
    <fieldset className="card checkout-step">
      <legend className="checkout-step__title">{checkout.deliveryInfo.title || 'Entrega'}</legend>
      <div className="option-list">
        {pickupEnabled && (
          <ChoiceOption
            {...choiceProps(form, 'deliveryType', 'pickup')}
            icon={MapPin}
            title={meetingPoint.title || 'Retiro en punto de encuentro'}
            price="Gratis"
          >
            <span className="option__text">{meetingPoint.description}</span>
            <span className="option__text">
              <strong>{meetingPoint.address || env.meetingPoint}</strong>
            </span>
            {meetingPoint.schedule && <span className="option__text">{meetingPoint.schedule}</span>}
            {meetingPoint.notes && <span className="option__text muted">{meetingPoint.notes}</span>}
          </ChoiceOption>
        )}
        {deliveryEnabled && (
          <ChoiceOption
            {...choiceProps(form, 'deliveryType', 'delivery')}
            icon={Truck}
            title={homeDelivery.title || 'Envío a domicilio'}
            price={formatShipping(homeDeliveryCost)}
          >
            <span className="option__text">{homeDelivery.description}</span>
            {homeDelivery.coverage && <span className="option__text">{homeDelivery.coverage}</span>}
            {homeDelivery.estimatedDays && <span className="option__text">Entrega estimada: {homeDelivery.estimatedDays}</span>}
            {homeDelivery.freeShippingThreshold > 0 && (
              <span className="option__text muted">Envío gratis desde {formatPrice(homeDelivery.freeShippingThreshold)}</span>
            )}
          </ChoiceOption>
        )}
      </div>
    </fieldset>
  );
}
