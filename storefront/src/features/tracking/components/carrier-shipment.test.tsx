import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TrackedShipment } from '@shop/shared';
import { makeTrackedCard } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { TrackingResult } from './tracking-result';

const shipment: TrackedShipment = {
  carrier: 'correo-argentino',
  carrierName: 'Correo Argentino',
  trackingNumber: 'CP123456789AR',
  trackingUrl: 'https://www.correoargentino.com.ar/formularios/e-commerce?id=CP123456789AR',
  status: 'in_transit',
  events: [
    { at: '2026-11-23T14:00:00.000Z', description: 'En viaje hacia la sucursal de destino (CTP Neuquén)' },
    { at: '2026-11-22T12:00:00.000Z', description: 'Correo Argentino recibió el paquete' },
  ],
};

describe('tracking: an order sent by a carrier', () => {
  it('shows the carrier, the number with its link and the events in Spanish, newest first', () => {
    renderWithApp(
      <TrackingResult
        paymentReturn={null}
        order={makeTrackedCard({ deliveryType: 'carrier', status: 'paid', fulfillment: 'shipped', shipment })}
      />,
    );
    const section = screen.getByTestId('tracking-shipment');
    expect(within(section).getByRole('heading', { name: 'Seguimiento de Correo Argentino' })).toBeInTheDocument();
    const link = within(section).getByTestId('tracking-shipment-number');
    expect(link).toHaveTextContent('CP123456789AR');
    expect(link).toHaveAttribute('href', shipment.trackingUrl);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const items = within(section).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('En viaje hacia la sucursal de destino');
    expect(items[0]).toHaveAttribute('aria-current', 'step');
    expect(items[1]).toHaveTextContent('Correo Argentino recibió el paquete');
    expect(screen.getByText('Envío a todo el país')).toBeInTheDocument();
  });

  it('says when the carrier has told nothing yet, and shows no section without a shipment', () => {
    const first = renderWithApp(
      <TrackingResult
        paymentReturn={null}
        order={makeTrackedCard({ deliveryType: 'carrier', status: 'paid', shipment: { ...shipment, events: [] } })}
      />,
    );
    expect(screen.getByText('Correo Argentino todavía no informó movimientos de tu paquete.')).toBeInTheDocument();
    first.unmount();
    renderWithApp(<TrackingResult paymentReturn={null} order={makeTrackedCard({ deliveryType: 'carrier', status: 'paid' })} />);
    expect(screen.queryByTestId('tracking-shipment')).not.toBeInTheDocument();
    expect(screen.getByText('Envío a todo el país')).toBeInTheDocument();
  });
});
