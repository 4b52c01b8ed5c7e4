import { useState } from 'react';
import { formatPrice, formatShipping, type SiteContent } from '@shop/shared';
import { PesosField, TextField } from './fields';
import { previewDelivery } from './delivery-model';

type HomeDelivery = SiteContent['checkout']['shipping']['homeDelivery'];

/** "¿Cuánto paga un cliente de…?": tries the zones being edited (not yet saved) on a barrio or postal code. */
export function DeliveryPreview({ homeDelivery }: { homeDelivery: HomeDelivery }) {
  const [place, setPlace] = useState('');
  const [subtotal, setSubtotal] = useState(20000);
  const preview = previewDelivery(homeDelivery, place, subtotal);
  return (
    <section className="fieldset stack delivery-preview" aria-labelledby="delivery-preview-title" data-testid="delivery-preview">
      <h3 id="delivery-preview-title">¿Cuánto paga un cliente de…?</h3>
      <div className="form-grid">
        <TextField label="Barrio o código postal" value={place} onChange={setPlace} placeholder="Ej.: Centro o 8300" />
        <PesosField label="Subtotal del pedido ($)" value={subtotal} onChange={setSubtotal} />
      </div>
      <div className="preview-result" role="status" data-testid="delivery-preview-result">
        {preview.kind === 'flat' && (
          <p>
            Sin zonas cargadas: el envío cuesta <strong>{formatShipping(preview.cost)}</strong> en cualquier dirección
            {preview.freeShippingThreshold > 0 ? ` (gratis desde ${formatPrice(preview.freeShippingThreshold)})` : ''}.
          </p>
        )}
        {preview.kind === 'empty' && <p className="muted">Escribí un barrio o un código postal para ver la zona y el costo.</p>}
        {preview.kind === 'zone' && (
          <dl className="kv">
            <dt>Zona</dt>
            <dd>{preview.zone.name || preview.zone.id}</dd>
            <dt>Envío</dt>
            <dd>
              <strong>{formatShipping(preview.cost)}</strong>
              {preview.zone.freeShippingThreshold > 0 && ` (gratis desde ${formatPrice(preview.zone.freeShippingThreshold)})`}
            </dd>
            {preview.zone.estimatedDays && (
              <>
                <dt>Demora</dt>
                <dd>{preview.zone.estimatedDays}</dd>
              </>
            )}
            <dt>Total con envío</dt>
            <dd>{formatPrice(subtotal + preview.cost)}</dd>
          </dl>
        )}
        {preview.kind === 'out' && (
          <p className="preview-out">
            {preview.message}
            {preview.disabledZone && ` (Está en la zona «${preview.disabledZone.name}», que está deshabilitada.)`}
          </p>
        )}
      </div>
    </section>
  );
}
