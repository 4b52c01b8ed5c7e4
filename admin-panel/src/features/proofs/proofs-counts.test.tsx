import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { ProofsNavBadge } from './proofs-nav-badge';
import { ProofsWaitingCard } from './proofs-waiting-card';

function withWaiting(cash: number, transfer: number) {
  signInStorage();
  mockApi({
    'GET /orders/summary': () => ({
      data: {
        summary: {
          totalOrders: 20,
          totalRevenue: 0,
          summaryByStatusAndPaymentMethod: { pending_transfer_confirmation: { cash, transfer }, paid: { cash: 5, transfer: 7 } },
        },
      },
    }),
  });
  renderApp(
    <>
      <ProofsWaitingCard />
      <ProofsNavBadge />
    </>,
  );
}

describe('how many proofs wait', () => {
  it('the dashboard card and the sidebar badge count the orders waiting for their proof to be checked', async () => {
    withWaiting(0, 4);
    expect(await screen.findByTestId('proofs-nav-badge')).toHaveTextContent('4 por verificar');
    const card = screen.getByRole('link', { name: /Comprobantes por verificar/ });
    expect(card).toHaveAttribute('href', '/proofs');
    expect(card).toHaveTextContent('4');
  });

  it('no badge when none wait', async () => {
    withWaiting(0, 0);
    expect(await screen.findByText('Nada pendiente')).toBeInTheDocument();
    expect(screen.queryByTestId('proofs-nav-badge')).not.toBeInTheDocument();
  });
});
