import { FULFILLMENT_LABELS, fulfillmentPath, normalizeFulfillment, type TrackedOrder } from '@shop/shared';
import { formatOrderDate } from '@/features/orders';

/** What each step means to the shopper (home delivery and pickup share the first and last). */
const STEP_TEXTS = {
  unfulfilled: 'Recibimos tu pedido',
  packed: 'Tu pedido está preparado',
  shipped: 'Tu pedido está en camino',
  ready_for_pickup: 'Tu pedido te espera en el punto de encuentro',
  delivered: 'Entregado',
} as const;

/**
 * Where the order is: its steps (home delivery: preparado → enviado → entregado; pickup: preparado → listo para
 * retirar → entregado), each reached one with its time. A cancelled or refunded order that never left shows none.
 */
export function FulfillmentSteps({ order }: { order: TrackedOrder }) {
  const current = normalizeFulfillment(order.fulfillment);
  if ((order.status === 'cancelled' || order.status === 'refunded') && current === 'unfulfilled') return null;
  const path = fulfillmentPath(order.deliveryType);
  const reachedUpTo = path.indexOf(current);
  const timeOf = new Map((order.fulfillmentSteps ?? []).map((event) => [event.step, event.at]));
  return (
    <section className="tracking-steps" aria-labelledby="tracking-steps-title" data-testid="tracking-steps">
      <h3 id="tracking-steps-title">
        Estado de la entrega: <span data-testid="tracking-fulfillment">{FULFILLMENT_LABELS[current]}</span>
      </h3>
      <ol className="tracking-steps__list">
        {path.map((step, index) => {
          const reached = index <= reachedUpTo;
          const at = step === 'unfulfilled' ? order.createdAt : timeOf.get(step);
          return (
            <li
              key={step}
              className={reached ? 'tracking-steps__step is-done' : 'tracking-steps__step'}
              aria-current={step === current ? 'step' : undefined}
              data-testid={`tracking-step-${step}`}
            >
              <strong>{step === 'unfulfilled' ? STEP_TEXTS.unfulfilled : FULFILLMENT_LABELS[step]}</strong>
              <span className="muted small">{reached ? (at ? formatOrderDate(at) : STEP_TEXTS[step]) : 'Pendiente'}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
