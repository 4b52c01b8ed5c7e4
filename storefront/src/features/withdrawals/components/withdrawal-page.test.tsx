import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_MESSAGES } from '@shop/shared';
import { bodyOf, mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import WithdrawalPage, { WITHDRAWAL_PRIVACY_PURPOSE } from './withdrawal-page';

const ANSWER = {
  code: 'ARR-7K2M9QX4TB',
  status: 'received',
  orderNumber: 'JL-20261120-0007',
  withinWindow: true,
  windowEndsAt: null,
  requestedAt: '2026-11-27T15:00:00.000Z',
  reason: null,
  message: WITHDRAWAL_MESSAGES.inTime('ARR-7K2M9QX4TB'),
  returnShipment: null,
};

async function fill(order: string, contact: string) {
  const user = userEvent.setup();
  if (order) await user.type(screen.getByLabelText('Número de pedido'), order);
  if (contact) await user.type(screen.getByLabelText('E-mail o teléfono de la compra'), contact);
  await user.click(screen.getByRole('button', { name: 'Arrepentirme de la compra' }));
}

describe('the botón de arrepentimiento page', () => {
  it('asks only the order and its contact, says what the data is for, and sends nothing while one is missing', async () => {
    const requests = mockApi({});
    renderWithApp(<WithdrawalPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Botón de arrepentimiento' })).toBeInTheDocument();
    expect(screen.getByTestId('privacy-notice')).toHaveTextContent(`Usamos estos datos solo para ${WITHDRAWAL_PRIVACY_PURPOSE}.`);
    expect(screen.getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute('href', '/politica-de-privacidad');
    await fill('', 'ana@example.com');
    expect(screen.getByRole('alert')).toHaveTextContent('Indicá el número de pedido');
    expect(requests).toHaveLength(0);
  });

  it('shows the code at once, as the server answered it, to screen readers too', async () => {
    const requests = mockApi({ 'POST /withdrawals': { status: 201, data: ANSWER } });
    renderWithApp(<WithdrawalPage />);
    await fill('jl-20261120-0007', 'ana@example.com');
    expect(await screen.findByTestId('withdrawal-code')).toHaveTextContent('ARR-7K2M9QX4TB');
    expect(screen.getByTestId('withdrawal-result')).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('withdrawal-result')).toHaveTextContent('Recibimos tu arrepentimiento');
    expect(bodyOf(requests[0]!)).toEqual({ orderNumber: 'JL-20261120-0007', contact: 'ana@example.com', comment: null });
  });

  it("shows the server's Spanish refusal and keeps what she typed", async () => {
    mockApi({ 'POST /withdrawals': { status: 404, data: { message: WITHDRAWAL_MESSAGES.notFound } } });
    renderWithApp(<WithdrawalPage />);
    await fill('JL-20261120-0099', 'ana@example.com');
    expect(await screen.findByTestId('withdrawal-error')).toHaveTextContent(WITHDRAWAL_MESSAGES.notFound);
    expect(screen.getByLabelText('Número de pedido')).toHaveValue('JL-20261120-0099');
  });

  it("reads her request back with the e-mail's link: the carrier that collects the goods and its number", async () => {
    const requests = mockApi({
      'GET /withdrawals/ARR-7K2M9QX4TB': {
        data: {
          ...ANSWER,
          status: 'pickup_arranged',
          returnShipment: {
            carrier: 'andreani',
            carrierName: 'Andreani',
            trackingNumber: '360000012345678',
            createdAt: '2026-11-28T12:00:00.000Z',
          },
        },
      },
    });
    renderWithApp(<WithdrawalPage />, { route: '/arrepentimiento?codigo=ARR-7K2M9QX4TB' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail o teléfono de la compra'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByTestId('withdrawal-return')).toHaveTextContent(
      WITHDRAWAL_MESSAGES.returnPickup('Andreani', '360000012345678'),
    );
    expect(requests[0]!.url).toContain('/withdrawals/ARR-7K2M9QX4TB');
  });
});
