import type { TrackedShipment } from '@shop/shared';
import { formatOrderDate } from '@/features/orders';

/**
 * An order sent with a carrier: the carrier, the tracking number with the link to the carrier's own page, and the
 * carrier's events in Spanish, newest first (the shop asks the carrier again when the page opens, at most once a minute).
 */
export function CarrierShipment({ shipment }: { shipment: TrackedShipment }) {
  return (
    <section className="tracking-steps" aria-labelledby="tracking-shipment-title" data-testid="tracking-shipment">
      <h3 id="tracking-shipment-title">Seguimiento de {shipment.carrierName}</h3>
      <p>
        N° de seguimiento:{' '}
        <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" data-testid="tracking-shipment-number">
          {shipment.trackingNumber}
          <span className="visually-hidden"> (abre el sitio de {shipment.carrierName})</span>
        </a>
      </p>
      {shipment.events.length === 0 ? (
        <p className="muted small">{shipment.carrierName} todavía no informó movimientos de tu paquete.</p>
      ) : (
        <ol className="tracking-steps__list" aria-label={`Movimientos informados por ${shipment.carrierName}`}>
          {shipment.events.map((event, index) => (
            <li key={`${event.at}-${index}`} className="tracking-steps__step is-done" aria-current={index === 0 ? 'step' : undefined}>
              <strong>{event.description}</strong>
              <span className="muted small">{formatOrderDate(event.at)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
