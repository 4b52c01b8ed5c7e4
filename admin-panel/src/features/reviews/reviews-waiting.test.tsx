import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { ReviewsNavBadge, ReviewsWaitingCard } from './reviews-waiting';

const both = (
  <>
    <ReviewsWaitingCard />
    <ReviewsNavBadge />
  </>
);

describe('reviews waiting for approval (dashboard card and sidebar badge)', () => {
  it('shows how many wait and links to Opiniones', async () => {
    signInStorage();
    const calls = mockApi({ 'GET /reviews': { data: { reviews: [], total: 0, page: 1, pageSize: 20, pending: 4 } } });
    renderApp(both);
    expect(await screen.findByTestId('reviews-nav-badge')).toHaveTextContent('4 por aprobar');
    const card = screen.getByRole('link', { name: /Opiniones por aprobar/ });
    expect(card).toHaveAttribute('href', '/reviews');
    expect(card).toHaveTextContent('4');
    expect(calls.find((c) => c.url === '/reviews')?.params).toEqual({ status: 'pending', page: 1 });
  });

  it('no badge when none wait', async () => {
    signInStorage({ ...ADMIN_USER, staffRole: 'catalog' });
    mockApi({ 'GET /reviews': { data: { reviews: [], total: 0, page: 1, pageSize: 20, pending: 0 } } });
    renderApp(both);
    expect(await screen.findByText('Nada pendiente')).toBeInTheDocument();
    expect(screen.queryByTestId('reviews-nav-badge')).toBeNull();
  });

  it('sales, who do not approve, see neither and nothing is asked', () => {
    signInStorage({ ...ADMIN_USER, staffRole: 'sales' });
    const calls = mockApi({});
    renderApp(both);
    expect(screen.queryByText(/Opiniones/)).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
