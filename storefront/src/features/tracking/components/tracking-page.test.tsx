import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeOrder } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import TrackingPage from './tracking-page';

async function search(value: string) {
  const user = userEvent.setup();
  const input = screen.getByLabelText('Número de pedido');
  await user.clear(input);
  if (value) await user.type(input, value);
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
}

describe('order tracking', () => {
  it('asks for a number when the input is empty or blank', async () => {
    const requests = mockApi({});
    renderWithApp(<TrackingPage />);
    expect(screen.getByPlaceholderText('JL-20240101-0001')).toBeInTheDocument();
    await search('   ');
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor, ingresa un número de pedido.');
    expect(requests).toHaveLength(0);
  });

  it('says the order was not found on a 404', async () => {
    mockApi({ 'GET /orders/by-number/*': { status: 404, data: { message: 'Orden no encontrada' } } });
    renderWithApp(<TrackingPage />);
    await search('JL-20240101-9999');
    expect(await screen.findByTestId('tracking-error')).toHaveTextContent('Pedido no encontrado. Verifica el número e intenta de nuevo');
  });

  it('reports a failure for other errors', async () => {
    mockApi({ 'GET /orders/by-number/*': 'network' });
    renderWithApp(<TrackingPage />);
    await search('JL-20240101-0001');
    expect(await screen.findByTestId('tracking-error')).toHaveTextContent('Error al buscar el pedido. Intenta nuevamente más tarde.');
  });

  it.each([
    ['pending_manual', 'Pendiente (Efectivo)', true],
    ['paid', 'Pagado', true],
    ['pending_transfer_proof', 'Pendiente (Falta Comprobante)', false],
    ['cancelled', 'Cancelado', false],
    ['something_new', 'Pendiente (Efectivo)', true],
  ])('shows status %s as "%s" and the help section: %s', async (status, label, help) => {
    const requests = mockApi({ 'GET /orders/by-number/*': { status: 200, data: { order: makeOrder({ status }) } } });
    renderWithApp(<TrackingPage />);
    await search('jl-20261121-0001');
    expect(await screen.findByTestId('status-badge')).toHaveTextContent(label);
    expect(requests[0]?.url).toBe('/orders/by-number/JL-20261121-0001');
    expect(screen.getByText('Conjunto Encaje Rosa')).toBeInTheDocument();
    expect(screen.getByText('Retiro en punto de encuentro')).toBeInTheDocument();
    if (help) expect(screen.getByTestId('tracking-help')).toBeInTheDocument();
    else expect(screen.queryByTestId('tracking-help')).not.toBeInTheDocument();
  });

  it('tells until when a held cash order keeps its products', async () => {
    const order = makeOrder({ status: 'pending_manual', paymentMethod: 'cash', reservedUntil: '2025-03-12T21:30:00.000Z' });
    mockApi({ 'GET /orders/by-number/*': { status: 200, data: { order } } });
    renderWithApp(<TrackingPage />);
    await search('JL-20261121-0001');
    expect(await screen.findByTestId('hold-notice')).toHaveTextContent(
      'Reservamos tus productos hasta el miércoles 12 de marzo, 18:30 (hora de Argentina). Si para entonces no coordinamos el pago',
    );
  });
});
