import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { WithdrawalsNavBadge, WithdrawalsWaitingCard } from './withdrawals-waiting';

describe('withdrawal requests waiting (dashboard card and sidebar badge)', () => {
  it('shows how many wait, from the list answer, and links to Arrepentimientos', async () => {
    signInStorage();
    const calls = mockApi({ 'GET /withdrawals': { data: { withdrawals: [], open: 3 } } });
    renderApp(
      <>
        <WithdrawalsWaitingCard />
        <WithdrawalsNavBadge />
      </>,
    );
    expect(await screen.findByTestId('withdrawals-nav-badge')).toHaveTextContent('3 por atender');
    const card = screen.getByRole('link', { name: /Arrepentimientos por atender/ });
    expect(card).toHaveAttribute('href', expect.stringMatching(/\/withdrawals$/));
    expect(card).toHaveTextContent('3');
    expect(card).toHaveTextContent('La ley da 10 días');
    expect(calls.filter((c) => c.url === '/withdrawals').length).toBeGreaterThanOrEqual(1);
  });

  it('no badge when none wait', async () => {
    signInStorage();
    mockApi({ 'GET /withdrawals': { data: { withdrawals: [], open: 0 } } });
    renderApp(
      <>
        <WithdrawalsWaitingCard />
        <WithdrawalsNavBadge />
      </>,
    );
    expect(await screen.findByText('Nada pendiente')).toBeInTheDocument();
    expect(screen.queryByTestId('withdrawals-nav-badge')).toBeNull();
  });

  it('staff without returns.manage see neither, and nothing is asked', () => {
    signInStorage({ ...ADMIN_USER, staffRole: 'catalog' });
    const calls = mockApi({});
    renderApp(
      <>
        <WithdrawalsWaitingCard />
        <WithdrawalsNavBadge />
      </>,
    );
    expect(screen.queryByText(/Arrepentimientos/)).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
