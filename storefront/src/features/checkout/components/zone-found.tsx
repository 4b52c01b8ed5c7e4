import { MapPin } from 'lucide-react';
import { deliveryCost, formatPrice, formatShipping, type DeliveryZone } from '@shop/shared';

/** The zone a home delivery goes to: its name, what the delivery costs for this cart and how long it takes. */
export function ZoneFound({ zone, subtotal }: { zone: DeliveryZone; subtotal: number }) {
  const cost = deliveryCost(subtotal, zone);
  return (
    <div className="zone-found outlined-box" data-testid="zone-result">
      <p className="zone-found__title icon-heading">
        <MapPin size={18} aria-hidden="true" />
        <span>
          Zona de envío: <strong data-testid="zone-name">{zone.name}</strong>
        </span>
      </p>
      <dl className="kv zone-found__facts">
        <div>
          <dt>Costo de envío</dt>
          <dd data-testid="zone-cost">{formatShipping(cost)}</dd>
        </div>
        {zone.estimatedDays && (
          <div>
            <dt>Entrega estimada</dt>
            <dd data-testid="zone-days">{zone.estimatedDays}</dd>
          </div>
        )}
      </dl>
      {zone.freeShippingThreshold > 0 && cost > 0 && (
        <p className="muted small zone-found__free">Envío gratis desde {formatPrice(zone.freeShippingThreshold)}</p>
      )}
    </div>
  );
}
