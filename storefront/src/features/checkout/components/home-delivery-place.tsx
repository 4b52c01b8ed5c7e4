import { MessageCircle } from 'lucide-react';
import { ZONE_REFUSALS, type DeliveryZone } from '@shop/shared';
import type { DeliveryPlace } from '../use-delivery-place';
import type { CheckoutForm } from '../use-checkout-form';
import { BarrioSearch } from './barrio-search';
import { CheckoutField } from './checkout-field';
import { ZoneFound } from './zone-found';

const HINT_ID = 'checkout-place-status';
const OUT_OF_ZONE_ID = 'checkout-out-of-zone';

export const PLACE_HINTS = {
  empty: ZONE_REFUSALS.noPlace,
  choosing: 'Elegí tu barrio de la lista para calcular el envío a domicilio',
} as const;

interface HomeDeliveryPlaceProps {
  form: CheckoutForm;
  zones: readonly DeliveryZone[];
  place: DeliveryPlace;
  /** The cart's subtotal (a zone may deliver free from some amount). */
  subtotal: number;
  /** The chat link that sends the cart and the place, for a place no zone reaches. */
  chatHref: string;
}

/**
 * Home delivery priced by zone: the barrio (searched among the zones' barrios) or the postal code finds the zone,
 * whose cost and delivery time show at once; a place no zone reaches is told so, with a chat link to arrange it.
 */
export function HomeDeliveryPlace({ form, zones, place, subtotal, chatHref }: HomeDeliveryPlaceProps) {
  const status = place.zoneStatus;
  const outOfZone = status.kind === 'outOfZone';
  return (
    <div className="delivery-detail" role="group" aria-labelledby="checkout-place-title" data-testid="home-delivery-place">
      <p className="delivery-detail__title" id="checkout-place-title">
        ¿Dónde lo recibís?
      </p>
      <div className="form-grid">
        <BarrioSearch
          zones={zones}
          value={place.barrio}
          onChange={place.setBarrio}
          describedBy={outOfZone ? `${HINT_ID} ${OUT_OF_ZONE_ID}` : HINT_ID}
          invalid={outOfZone}
        />
        <CheckoutField form={form} field="postalCode" label="Código postal" autoComplete="postal-code" inputMode="numeric" />
      </div>
      <div id={HINT_ID} role="status" className="zone-status">
        {status.kind === 'found' && <ZoneFound zone={status.zone} subtotal={subtotal} />}
        {(status.kind === 'empty' || status.kind === 'choosing') && <p className="muted small">{PLACE_HINTS[status.kind]}</p>}
      </div>
      {outOfZone && (
        <div id={OUT_OF_ZONE_ID} className="notice notice--warning zone-out" role="alert" data-testid="out-of-zone">
          <p>{ZONE_REFUSALS.outOfZone}</p>
          <a className="btn btn--whatsapp btn--sm" href={chatHref} target="_blank" rel="noopener noreferrer">
            <MessageCircle size={16} aria-hidden="true" />
            Consultar por WhatsApp
          </a>
        </div>
      )}
    </div>
  );
}
