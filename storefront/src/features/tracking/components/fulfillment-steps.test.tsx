import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTrackedCard, makeTrackedSummary } from '@/test/fixtures';
import { FulfillmentSteps } from './fulfillment-steps';

describe('tracking: the steps of the delivery', () => {
  it('shows a home delivery on its way: received and prepared with their times, delivered still pending', () => {
    render(
      <FulfillmentSteps
        order={makeTrackedCard({
          deliveryType: 'delivery',
          status: 'paid',
          fulfillment: 'shipped',
          fulfillmentSteps: [
            { step: 'packed', at: '2026-11-21T13:00:00.000Z' },
            { step: 'shipped', at: '2026-11-21T15:30:00.000Z' },
          ],
        })}
      />,
    );
    expect(screen.getByTestId('tracking-fulfillment')).toHaveTextContent('Enviado');
    expect(screen.getByTestId('tracking-step-shipped')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByTestId('tracking-step-shipped')).toHaveTextContent('12:30');
    expect(screen.getByTestId('tracking-step-delivered')).toHaveTextContent('Pendiente');
    expect(screen.queryByTestId('tracking-step-ready_for_pickup')).not.toBeInTheDocument();
  });

  it('shows a pickup delivered from the number alone (the summary), and says which steps were skipped as reached', () => {
    render(
      <FulfillmentSteps
        order={makeTrackedSummary({
          status: 'paid',
          fulfillment: 'delivered',
          fulfillmentSteps: [{ step: 'delivered', at: '2026-11-22T18:00:00.000Z' }],
        })}
      />,
    );
    expect(screen.getByTestId('tracking-fulfillment')).toHaveTextContent('Entregado');
    expect(screen.getByTestId('tracking-step-ready_for_pickup')).toHaveTextContent('Tu pedido te espera en el punto de encuentro');
    expect(screen.getByTestId('tracking-step-delivered')).toHaveClass('is-done');
  });

  it('shows nothing for a cancelled order that never left, and unfulfilled for an order without the field', () => {
    const { container } = render(<FulfillmentSteps order={makeTrackedCard({ status: 'cancelled' })} />);
    expect(container).toBeEmptyDOMElement();
    render(<FulfillmentSteps order={makeTrackedCard({ status: 'pending_manual' })} />);
    expect(screen.getByTestId('tracking-fulfillment')).toHaveTextContent('Sin preparar');
  });
});
