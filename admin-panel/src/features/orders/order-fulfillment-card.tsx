import { useState } from 'react';
import { PackageCheck } from 'lucide-react';
import {
  FULFILLMENT_LABELS,
  SYSTEM_ACTOR_NAME,
  formatPrice,
  fulfillmentPath,
  isPaidOrder,
  nextFulfillmentSteps,
  normalizeFulfillment,
  type FulfillmentStep,
  type Order,
} from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { DetailCard } from '@/components/detail-card';
import { formatDateTime } from '@/lib/format-date';
import { useFulfillOrder, type FulfillmentChange } from './api/fulfill-order';

/** The button of each step staff may mark. */
const STEP_ACTIONS: Record<FulfillmentChange['step'], string> = {
  packed: 'Marcar preparado',
  shipped: 'Marcar enviado',
  ready_for_pickup: 'Marcar listo para retirar',
  delivered: 'Marcar entregado',
};

const isClosed = (status: string) => status === 'cancelled' || status === 'refunded';

/**
 * Where the goods are, apart from the payment: the order's steps (each with its time and who marked it) and a button
 * for each step it may go to next. A cash order delivered unpaid records the cash collected.
 */
export function OrderFulfillmentCard({ order }: { order: Order }) {
  const fulfill = useFulfillOrder();
  const [error, setError] = useState<string | null>(null);
  const current = normalizeFulfillment(order.fulfillment);
  const marked = new Map((order.fulfillmentSteps ?? []).map((event) => [event.step, event]));
  const next = isClosed(order.status) ? [] : nextFulfillmentSteps(order).filter((s): s is FulfillmentChange['step'] => s !== 'unfulfilled');
  const collectsCash = order.paymentMethod === 'cash' && !isPaidOrder(order);

  function mark(step: FulfillmentChange['step']) {
    setError(null);
    fulfill.mutate({ id: order._id, step }, { onError: (err) => setError(errorMessage(err, 'Error al marcar el paso de entrega')) });
  }

  const detail = (step: FulfillmentStep) => {
    const event = marked.get(step);
    if (!event) return step === 'unfulfilled' ? formatDateTime(order.createdAt) : 'Pendiente';
    const who = event.by.id === null && event.by.name === SYSTEM_ACTOR_NAME ? 'Sistema' : event.by.name;
    return `${formatDateTime(event.at)} · por ${who}`;
  };

  return (
    <DetailCard headingId="fulfillment-title" title="Estado de la entrega" icon={PackageCheck} testId="order-fulfillment">
      <p>
        Estado de entrega: <strong data-testid="fulfillment-current">{FULFILLMENT_LABELS[current]}</strong>
      </p>
      <ol className="timeline" aria-label="Pasos de la entrega">
        {fulfillmentPath(order.deliveryType).map((step) => {
          const reached = fulfillmentPath(order.deliveryType).indexOf(step) <= fulfillmentPath(order.deliveryType).indexOf(current);
          return (
            <li key={step} className={reached ? 'done' : undefined} data-testid={`fulfillment-step-${step}`}>
              <strong>{FULFILLMENT_LABELS[step]}</strong>
              <span className="cell-sub">{reached || marked.has(step) ? detail(step) : 'Pendiente'}</span>
            </li>
          );
        })}
      </ol>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {isClosed(order.status) && current !== 'delivered' && <p className="hint">Una orden cancelada o reembolsada no se entrega.</p>}
      {next.map((step) => (
        <button
          key={step}
          type="button"
          className={step === 'delivered' ? 'btn btn-success btn-block' : 'btn btn-secondary btn-block'}
          onClick={() => mark(step)}
          disabled={fulfill.isPending}
        >
          {STEP_ACTIONS[step]}
        </button>
      ))}
      {next.includes('delivered') && collectsCash && (
        <p className="hint">Al marcarlo entregado se registra el cobro en efectivo de {formatPrice(order.total)} y queda pagado.</p>
      )}
    </DetailCard>
  );
}
