import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, type Order } from '@shop/shared';
import { renderApp, signInStorage } from '@/test/render';
import { mockApi, type RecordedRequest } from '@/test/mock-api';
import { contentFixture, orderFixture } from '@/test/fixtures';
import { ProofsPage } from './proofs-page';

const content = contentFixture();
content.checkout.paymentInfo.bankTransfer = {
  ...content.checkout.paymentInfo.bankTransfer,
  bankName: 'Banco Provincia del Neuquén',
  cbu: '0970012345678901234567',
  alias: 'JAZMIN.LENCERIA.NQN',
  accountHolder: 'Jazmín Lencería',
};

const proofOrder = (n: number, total: number, fullName: string): Order =>
  orderFixture(n, {
    paymentMethod: 'transfer',
    status: 'pending_transfer_confirmation',
    total,
    transferProofUrl: `/uploads/proof_${n}.png`,
    createdAt: `2026-01-1${n}T12:00:00.000Z`,
    shippingInfo: { ...orderFixture(n).shippingInfo, fullName, phone: '299 15 555 123' + String(n) },
  });

/** A tiny server: the queue (oldest first, as the real API answers with sort=createdAt:asc) and status changes. */
function setup(
  initial: Order[] = [proofOrder(1, 23500, 'Ana Pérez'), proofOrder(2, 1250000, 'Belén Díaz'), proofOrder(3, 9900, 'Carla Gómez')],
) {
  signInStorage();
  let queue = [...initial];
  const calls: RecordedRequest[] = mockApi({
    'GET /orders': (request) => ({
      data: {
        orders: request.params.sort === 'createdAt:asc' ? queue : [...queue].reverse(),
        totalOrders: queue.length,
        totalPages: 1,
        page: 1,
      },
    }),
    'GET /orders/summary': () => ({
      data: {
        summary: {
          totalOrders: 9,
          totalRevenue: 0,
          summaryByStatusAndPaymentMethod: { pending_transfer_confirmation: { cash: 0, transfer: queue.length } },
        },
      },
    }),
    'GET /content': () => ({ data: { content } }),
    'PUT /orders/*/status': (request) => {
      const id = request.url.split('/')[2];
      const order = queue.find((o) => o._id === id);
      if (!order) return { status: 404, data: { message: 'Orden no encontrada' } };
      queue = queue.filter((o) => o._id !== id);
      const body = request.body as { status: string };
      return { data: { order: { ...order, status: body.status } } };
    },
  });
  renderApp(<ProofsPage />, { route: '/proofs', path: '/proofs' });
  return { calls, user: userEvent.setup() };
}

const cards = () => screen.getAllByTestId('proof-card');
const statusCalls = (calls: RecordedRequest[]) => calls.filter((c) => c.method === 'PUT');

describe('Comprobantes por verificar', () => {
  it('lists the waiting proofs oldest first: image, amount, number, shopper and bank details', async () => {
    const { calls } = setup();
    await screen.findAllByTestId('proof-card');
    expect(calls.find((c) => c.url === '/orders')?.params).toMatchObject({
      status: 'pending_transfer_confirmation',
      sort: 'createdAt:asc',
    });
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Orden #JL-20260115-0001',
      'Orden #JL-20260115-0002',
      'Orden #JL-20260115-0003',
    ]);
    const second = cards()[1] as HTMLElement;
    expect(within(second).getByTestId('proof-amount')).toHaveTextContent('$1.250.000');
    expect(within(second).getByText('Belén Díaz')).toBeInTheDocument();
    expect(within(second).getByRole('img', { name: /Comprobante de transferencia de la orden JL-20260115-0002/ })).toHaveAttribute(
      'src',
      '/uploads/proof_2.png',
    );
    await waitFor(() => expect(within(second).getByText('0970012345678901234567')).toBeInTheDocument());
    expect(within(second).getByText('JAZMIN.LENCERIA.NQN')).toBeInTheDocument();
    expect(screen.getByTestId('proofs-count')).toHaveTextContent('3 comprobantes esperan');
  });

  it("'Aprobar' marks the order paid, announces it and offers the WhatsApp chat", async () => {
    const { user, calls } = setup();
    await screen.findAllByTestId('proof-card');
    await user.click(within(cards()[0] as HTMLElement).getByRole('button', { name: /Aprobar/ }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(statusCalls(calls)).toHaveLength(1);
    expect(statusCalls(calls)[0]).toMatchObject({ url: '/orders/order-1/status', body: { status: 'paid' } });
    expect(screen.getByTestId('proofs-announcer')).toHaveTextContent('Orden #JL-20260115-0001 aprobada');
    const chat = within(screen.getByTestId('proof-outcome')).getByRole('link', { name: /Escribir por WhatsApp/ });
    expect(chat.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5492995551231\?text=/);
  });

  it("'Rechazar' needs a reason of at most 300 characters, then sends it and offers the chat with the reason", async () => {
    const { user, calls } = setup();
    await screen.findAllByTestId('proof-card');
    await user.click(within(cards()[1] as HTMLElement).getByRole('button', { name: /Rechazar/ }));
    const dialog = screen.getByRole('dialog', { name: /Rechazar comprobante de la orden #JL-20260115-0002/ });
    const reason = within(dialog).getByLabelText('Motivo del rechazo');
    expect(reason).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Rechazar comprobante' }));
    expect(await within(dialog).findByText(MSG.proofs.reasonRequired)).toBeInTheDocument();
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar comprobante' }));
    expect(within(dialog).getByText(MSG.proofs.reasonRequired)).toBeInTheDocument();
    await user.clear(reason);
    await user.click(reason);
    await user.paste('x'.repeat(301));
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar comprobante' }));
    expect(await within(dialog).findByText(MSG.proofs.reasonTooLong)).toBeInTheDocument();
    expect(statusCalls(calls)).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, 'El monto no coincide');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar comprobante' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(statusCalls(calls)[0]).toMatchObject({
      url: '/orders/order-2/status',
      body: { status: 'pending_transfer_proof', reason: 'El monto no coincide' },
    });
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByTestId('proofs-announcer')).toHaveTextContent('Comprobante de la orden #JL-20260115-0002 rechazado');
    const chat = within(screen.getByTestId('proof-outcome')).getByRole('link', { name: /Escribir por WhatsApp/ });
    expect(new URL(chat.getAttribute('href') ?? '').searchParams.get('text')).toContain('El monto no coincide');
  });

  it('moves with the arrows, approves with A and opens the reject dialog with R; no shortcut while the dialog is open', async () => {
    const { user, calls } = setup();
    await screen.findAllByTestId('proof-card');
    await user.keyboard('{ArrowDown}');
    expect(cards()[1]).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(cards()[2]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(cards()[1]).toHaveFocus();
    expect(cards()[1]).toHaveAttribute('aria-current', 'true');

    await user.keyboard('r');
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleName(/JL-20260115-0002/);
    // Typing 'a' in the reason is text, not an approval.
    await user.keyboard('a');
    expect(within(dialog).getByLabelText('Motivo del rechazo')).toHaveValue('a');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(statusCalls(calls)).toHaveLength(0);

    await user.keyboard('{ArrowLeft}');
    expect(cards()[0]).toHaveFocus();
    await user.keyboard('a');
    await waitFor(() => expect(statusCalls(calls)).toHaveLength(1));
    expect(statusCalls(calls)[0]).toMatchObject({ url: '/orders/order-1/status', body: { status: 'paid' } });
    await waitFor(() => expect(cards()).toHaveLength(2));
    // The next order takes the focus.
    await waitFor(() => expect(within(document.activeElement as HTMLElement).getByRole('heading')).toHaveTextContent('JL-20260115-0002'));
  });

  it("says 'No hay comprobantes por verificar' when none wait", async () => {
    setup([]);
    expect(await screen.findByText('No hay comprobantes por verificar')).toBeInTheDocument();
    expect(screen.queryByTestId('proof-card')).not.toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    signInStorage();
    mockApi({ 'GET /orders': () => ({ status: 500, data: { message: 'Error interno' } }), 'GET /content': () => ({ data: { content } }) });
    renderApp(<ProofsPage />, { route: '/proofs', path: '/proofs' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error interno');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
