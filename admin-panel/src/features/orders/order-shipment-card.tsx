import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Truck } from 'lucide-react';
import {
  CARRIER_LABELS,
  isPaidOrder,
  SHIPMENT_STATUS_LABELS,
  SHIPPING_SERVICE_TYPE_LABELS,
  type LabelFormat,
  type Order,
} from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { QueryNote } from '@/components/feedback';
import { DetailCard } from '@/components/detail-card';
import { useCan } from '@/features/auth';
import { formatDateTime } from '@/lib/format-date';
import { saveFile } from '@/lib/save-file';
import { cancelShipment, createShipment, dispatchShipment, downloadLabel, shipmentQueries, useShipmentAction } from './api/order-shipment';

/**
 * An order sent with a carrier (Correo Argentino, Andreani): "Crear envío" once it is paid, then its tracking number,
 * the label (A4 or 10 × 15 cm), "Marcar despachado" (the order becomes "Enviado"), "Cancelar envío" while it is only
 * a label, and the carrier's tracking events, newest first.
 */
export function OrderShipmentCard({ order }: { order: Order }) {
  const can = useCan();
  const manage = can('orders.manage');
  const query = useQuery(shipmentQueries.detail(order._id));
  const create = useShipmentAction(order._id, createShipment);
  const cancel = useShipmentAction(order._id, cancelShipment);
  const dispatch = useShipmentAction(order._id, dispatchShipment);
  const [error, setError] = useState<string | null>(null);
  const busy = create.isPending || cancel.isPending || dispatch.isPending;
  const shipment = query.data?.shipment ?? null;
  const paid = isPaidOrder(order);

  const run = (action: typeof create, fallback: string) => {
    setError(null);
    action.mutate(undefined, { onError: (e) => setError(errorMessage(e, fallback)) });
  };

  async function label(format: LabelFormat) {
    setError(null);
    try {
      saveFile(await downloadLabel(order._id, format), `etiqueta-${order.orderNumber}-${format}.pdf`);
    } catch (e) {
      setError(errorMessage(e, 'Error al descargar la etiqueta'));
    }
  }

  const live = shipment && shipment.status !== 'cancelled';
  return (
    <DetailCard headingId="shipment-title" title="Envío por correo" icon={Truck} testId="order-shipment">
      <QueryNote query={query} loading="Cargando el envío…" failure="Error al cargar el envío" />
      {shipment && (
        <>
          <p>
            {CARRIER_LABELS[shipment.carrier]} · {shipment.service} ({SHIPPING_SERVICE_TYPE_LABELS[shipment.type]}):{' '}
            <strong data-testid="shipment-status">{SHIPMENT_STATUS_LABELS[shipment.status]}</strong>
          </p>
          <p>
            N° de seguimiento:{' '}
            <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" data-testid="shipment-tracking-number">
              {shipment.trackingNumber}
            </a>
          </p>
          {shipment.events.length > 0 && (
            <ol className="timeline" aria-label="Seguimiento del correo">
              {[...shipment.events].reverse().map((event) => (
                <li key={`${event.at}-${event.code}`} className="done">
                  <strong>{event.description}</strong>
                  <span className="cell-sub">{formatDateTime(event.at)}</span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {!query.isPending && !live && !paid && <p className="hint">El envío se crea cuando la orden está pagada.</p>}
      {manage && !query.isPending && !live && paid && (
        <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={() => run(create, 'Error al crear el envío')}>
          {create.isPending ? 'Creando envío…' : 'Crear envío'}
        </button>
      )}
      {manage && live && (
        <>
          <button type="button" className="btn btn-secondary btn-block" onClick={() => void label('a4')}>
            Descargar etiqueta (A4)
          </button>
          <button type="button" className="btn btn-secondary btn-block" onClick={() => void label('10x15')}>
            Descargar etiqueta (10 × 15 cm)
          </button>
          {shipment.status === 'created' && (
            <>
              <button
                type="button"
                className="btn btn-success btn-block"
                disabled={busy}
                onClick={() => run(dispatch, 'Error al marcar despachado')}
              >
                Marcar despachado
              </button>
              <button
                type="button"
                className="btn btn-danger btn-block"
                disabled={busy}
                onClick={() => run(cancel, 'Error al cancelar el envío')}
              >
                Cancelar envío
              </button>
            </>
          )}
        </>
      )}
    </DetailCard>
  );
}
