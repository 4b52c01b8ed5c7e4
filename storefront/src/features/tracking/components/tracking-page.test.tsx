import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTrackedCard, makeTrackedSummary } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import TrackingPage from './tracking-page';

async function search(value: string, contact = '') {
  const user = userEvent.setup();
  const input = screen.getByLabelText('Número de pedido');
  await user.clear(input);
  if (value) await user.type(input, value);
  const contactInput = screen.getByLabelText(/E-mail o teléfono de la compra/);
  await user.clear(contactInput);
  if (contact) await user.type(contactInput, contact);
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
    const requests = mockApi({
      'GET /orders/by-number/*': { status: 200, data: { order: makeTrackedCard({ status }), contactMatched: true } },
    });
    renderWithApp(<TrackingPage />);
    await search('jl-20261121-0001', 'ana@example.com');
    expect(await screen.findByTestId('status-badge')).toHaveTextContent(label);
    expect(requests[0]?.url).toBe('/orders/by-number/JL-20261121-0001');
    expect(screen.getByText('Conjunto Encaje Rosa')).toBeInTheDocument();
    expect(screen.getByText('Retiro en punto de encuentro')).toBeInTheDocument();
    if (help) expect(screen.getByTestId('tracking-help')).toBeInTheDocument();
    else expect(screen.queryByTestId('tracking-help')).not.toBeInTheDocument();
  });

  it('with the number alone shows status, date, units and totals, and asks for the contact to see the detail', async () => {
    const requests = mockApi({
      'GET /orders/by-number/*': {
        status: 200,
        data: { order: makeTrackedSummary({ deliveryType: 'delivery', shippingCost: 3000, total: 39000 }) },
      },
    });
    renderWithApp(<TrackingPage />, { route: '/track-order?n=JL-20261121-0001' });
    const card = await screen.findByTestId('tracking-result');
    expect(requests[0]?.params).toEqual({});
    expect(card).toHaveTextContent('Envío a domicilio');
    expect(screen.getByTestId('tracking-units')).toHaveTextContent('2');
    expect(card).toHaveTextContent('$39.000');
    expect(screen.getByTestId('tracking-summary-hint')).toHaveTextContent('ingresá también el e-mail o teléfono de la compra');
    expect(screen.queryByRole('heading', { name: 'Productos' })).not.toBeInTheDocument();
    expect(card).not.toHaveTextContent('Pago');
  });

  it('with the e-mail or phone shows the full card: first name, items with size and colour, city without the street', async () => {
    const requests = mockApi({
      'GET /orders/by-number/*': { status: 200, data: { order: makeTrackedCard({ deliveryType: 'delivery' }), contactMatched: true } },
    });
    renderWithApp(<TrackingPage />);
    await search('JL-20261121-0001', ' 0299 15 412-3456 ');
    const card = await screen.findByTestId('tracking-result');
    expect(requests[0]?.params).toEqual({ contact: '0299 15 412-3456' });
    expect(card).toHaveTextContent('Hola, Ana: este es tu pedido');
    expect(card).toHaveTextContent('Talla: M · Color: Negro · Cantidad: 2');
    expect(card).toHaveTextContent('Neuquén (CP 8300)');
    expect(card).toHaveTextContent('Efectivo');
    expect(screen.queryByTestId('tracking-summary-hint')).not.toBeInTheDocument();
    // The contact never goes into the page address.
    expect(screen.getByTestId('location')).toHaveTextContent('/?n=JL-20261121-0001');
    expect(screen.getByTestId('location')).not.toHaveTextContent('412');
  });

  it("with the contact names a home delivery's zone", async () => {
    const card = makeTrackedCard({
      deliveryType: 'delivery',
      delivery: { city: 'Neuquén', postalCode: '8302', zoneName: 'Neuquén Oeste' },
    });
    mockApi({ 'GET /orders/by-number/*': { status: 200, data: { order: card, contactMatched: true } } });
    renderWithApp(<TrackingPage />);
    await search('JL-20261121-0001', 'ana@example.com');
    expect(await screen.findByTestId('tracking-zone')).toHaveTextContent('Neuquén Oeste');
    expect(screen.queryByTestId('tracking-meeting-point')).not.toBeInTheDocument();
  });

  it('with the contact names the carrier, service, days and the branch of a national order', async () => {
    const card = makeTrackedCard({
      deliveryType: 'carrier',
      delivery: { city: 'Córdoba', postalCode: '5000', zoneName: null },
      nationalShipping: {
        carrier: 'andreani',
        service: 'Estándar',
        type: 'branch',
        price: 6200,
        days: { min: 3, max: 6 },
        branch: { id: 'CBA-01', name: 'Córdoba Centro', address: 'Av. Colón 500, Córdoba', hours: 'Lun a Vie 09:00 a 18:00' },
        address: { locality: 'Córdoba', province: 'AR-X', postalCode: '5000' },
      },
    });
    mockApi({ 'GET /orders/by-number/*': { status: 200, data: { order: card, contactMatched: true } } });
    renderWithApp(<TrackingPage />);
    await search('JL-20261121-0001', 'ana@example.com');
    const carrier = await screen.findByTestId('tracking-carrier');
    expect([...carrier.querySelectorAll('.kv__line')].map((l) => l.textContent)).toEqual([
      'Andreani Estándar, a sucursal: 3 a 6 días hábiles',
      'Sucursal Córdoba Centro',
      'Av. Colón 500, Córdoba',
      'Lun a Vie 09:00 a 18:00',
    ]);
    expect(screen.getByText('Envío a todo el país')).toBeInTheDocument();
  });

  it('with the contact shows where a pickup order is collected', async () => {
    const meetingPoint = {
      id: 'shopping',
      title: 'Shopping Alto Comahue',
      address: 'Antártida Argentina 1111',
      schedule: 'Sábados de 11 a 20',
    };
    mockApi({ 'GET /orders/by-number/*': { status: 200, data: { order: makeTrackedCard({ meetingPoint }), contactMatched: true } } });
    renderWithApp(<TrackingPage />);
    await search('JL-20261121-0001', 'ana@example.com');
    const point = await screen.findByTestId('tracking-meeting-point');
    expect([...point.querySelectorAll('.kv__line')].map((l) => l.textContent)).toEqual([
      'Shopping Alto Comahue',
      'Antártida Argentina 1111',
      'Sábados de 11 a 20',
    ]);
    expect(screen.queryByTestId('tracking-zone')).not.toBeInTheDocument();
  });

  it('says so when the contact is not the one of the purchase, and shows only the summary', async () => {
    mockApi({ 'GET /orders/by-number/*': { status: 200, data: { order: makeTrackedSummary(), contactMatched: false } } });
    renderWithApp(<TrackingPage />);
    await search('JL-20261121-0001', 'otra@example.com');
    expect(await screen.findByTestId('tracking-contact-mismatch')).toHaveTextContent('no coincide con el de la compra');
    expect(screen.getByTestId('tracking-result')).toHaveAttribute('data-detail', 'summary');
  });

  it('tells until when a held cash order keeps its products', async () => {
    const order = makeTrackedSummary({ status: 'pending_manual', reservedUntil: '2025-03-12T21:30:00.000Z' });
    mockApi({ 'GET /orders/by-number/*': { status: 200, data: { order } } });
    renderWithApp(<TrackingPage />);
    await search('JL-20261121-0001');
    expect(await screen.findByTestId('hold-notice')).toHaveTextContent(
      'Reservamos tus productos hasta el miércoles 12 de marzo, 18:30 (hora de Argentina). Si para entonces no coordinamos el pago',
    );
  });
});

describe('order tracking: Mercado Pago', () => {
  const checkoutUrl = 'https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=123-abc';
  const waiting = makeTrackedCard({
    status: 'pending_payment',
    paymentMethod: 'mercadopago',
    reservedUntil: '2025-03-12T21:30:00.000Z',
    checkoutUrl,
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers the link to pay an order waiting for its payment, to retry until the reservation ends', async () => {
    mockApi({ 'GET /orders/by-number/*': { status: 200, data: { order: waiting, contactMatched: true } } });
    renderWithApp(<TrackingPage />);
    await search('JL-20261121-0001', 'ana@example.com');
    expect(await screen.findByTestId('status-badge')).toHaveTextContent('Pendiente (Mercado Pago)');
    const pay = screen.getByTestId('tracking-pay');
    const link = within(pay).getByRole('link', { name: 'Pagar con Mercado Pago' });
    expect(link).toHaveAttribute('href', checkoutUrl);
    // Same tab: Mercado Pago brings her back here.
    expect(link).not.toHaveAttribute('target');
    expect(pay).toHaveTextContent(
      'Si Mercado Pago rechazó tu tarjeta o no llegaste a pagar, podés volver a intentarlo con este enlace hasta el miércoles 12 de marzo, 18:30 (hora de Argentina), mientras dura la reserva.',
    );
    expect(screen.getByTestId('hold-notice')).toHaveTextContent('Si para entonces no se acredita tu pago con Mercado Pago');
    expect(screen.getByTestId('tracking-result')).toHaveTextContent('Mercado Pago');
  });

  it('shows no link for a paid Mercado Pago order, nor for a link that is not a web address', async () => {
    const paid = makeTrackedCard({ status: 'paid', paymentMethod: 'mercadopago', checkoutUrl: null, paidAt: '2026-11-21T12:10:00.000Z' });
    mockApi({
      'GET /orders/by-number/JL-20261121-0001': { status: 200, data: { order: paid, contactMatched: true } },
      'GET /orders/by-number/JL-20261121-0002': {
        status: 200,
        data: { order: { ...waiting, orderNumber: 'JL-20261121-0002', checkoutUrl: 'javascript:alert(1)' }, contactMatched: true },
      },
    });
    renderWithApp(<TrackingPage />);
    await search('JL-20261121-0001', 'ana@example.com');
    expect(await screen.findByTestId('status-badge')).toHaveTextContent('Pagado');
    expect(screen.queryByRole('link', { name: 'Pagar con Mercado Pago' })).not.toBeInTheDocument();
    expect(screen.getByTestId('tracking-help')).toBeInTheDocument();

    await search('JL-20261121-0002', 'ana@example.com');
    expect(await screen.findByRole('heading', { name: 'JL-20261121-0002' })).toBeInTheDocument();
    expect(screen.getByTestId('status-badge')).toHaveTextContent('Pendiente (Mercado Pago)');
    expect(screen.queryByTestId('tracking-pay')).not.toBeInTheDocument();
  });

  it('asks for the contact to pay when only the number is given', async () => {
    const summary = makeTrackedSummary({ status: 'pending_payment', reservedUntil: '2025-03-12T21:30:00.000Z' });
    mockApi({ 'GET /orders/by-number/*': { status: 200, data: { order: summary } } });
    renderWithApp(<TrackingPage />, { route: '/track-order?n=JL-20261121-0001' });
    expect(await screen.findByTestId('tracking-summary-hint')).toHaveTextContent(
      'Para pagar con Mercado Pago y ver los productos, talles, colores y datos de entrega, ingresá también el e-mail o teléfono de la compra.',
    );
    expect(screen.getByTestId('hold-notice')).toHaveTextContent('Si para entonces no se acredita tu pago con Mercado Pago');
    expect(screen.queryByTestId('tracking-pay')).not.toBeInTheDocument();
  });

  it('back from Mercado Pago in the tab that placed the order, looks it up with its remembered contact', async () => {
    sessionStorage.setItem('lastOrder', JSON.stringify({ id: 'o1', orderNumber: 'JL-20261121-0001', contact: 'ana@example.com' }));
    const requests = mockApi({ 'GET /orders/by-number/*': { status: 200, data: { order: waiting, contactMatched: true } } });
    renderWithApp(<TrackingPage />, { route: '/track-order?n=JL-20261121-0001&collection_status=null&status=null' });
    expect(await screen.findByRole('link', { name: 'Pagar con Mercado Pago' })).toHaveAttribute('href', checkoutUrl);
    expect(requests[0]?.params).toEqual({ contact: 'ana@example.com' });
    expect(screen.getByLabelText(/E-mail o teléfono de la compra/)).toHaveValue('ana@example.com');
    // Still never in the address.
    expect(screen.getByTestId('location')).not.toHaveTextContent('ana@');
  });

  it('after an approved payment offers no second payment, and looks again until the order shows as paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionStorage.setItem('lastOrder', JSON.stringify({ id: 'o1', orderNumber: 'JL-20261121-0001', contact: 'ana@example.com' }));
    let lookups = 0;
    mockApi({
      'GET /orders/by-number/*': () => {
        lookups += 1;
        const order = lookups < 3 ? waiting : makeTrackedCard({ status: 'paid', paymentMethod: 'mercadopago', checkoutUrl: null });
        return { status: 200, data: { order, contactMatched: true } };
      },
    });
    renderWithApp(<TrackingPage />, {
      route: '/track-order?n=JL-20261121-0001&collection_status=approved&status=approved&payment_id=123',
    });
    expect(await screen.findByTestId('payment-return')).toHaveTextContent(
      'Mercado Pago aprobó tu pago. En unos minutos el pedido figura como pagado: no hace falta que pagues de nuevo.',
    );
    expect(screen.queryByRole('link', { name: 'Pagar con Mercado Pago' })).not.toBeInTheDocument();
    expect(lookups).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(lookups).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByText('Pagado')).toBeInTheDocument();
    expect(screen.queryByTestId('payment-return')).not.toBeInTheDocument();
    // Paid: no more lookups.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(lookups).toBe(3);
  });
});
