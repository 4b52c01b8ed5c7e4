import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ApiUser, ReviewStatsAnswer } from '@shop/shared';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { ReviewStatsCard } from './review-stats-card';

const months = Array.from({ length: 12 }, (_, i) => {
  const month = i < 2 ? `2025-${11 + i}` : `2026-${String(i - 1).padStart(2, '0')}`;
  return { month, count: 0, average: null as number | null };
});
months[11] = { month: '2026-10', count: 3, average: 4.3 };
months[10] = { month: '2026-09', count: 1, average: 2 };

const STATS: ReviewStatsAnswer = {
  productId: 'p-lila',
  title: 'Corpiño Lila',
  months,
  bySize: [
    { size: '90B', small: 3, true: 8, large: 1 },
    { size: 'XL', small: 0, true: 1, large: 0 },
  ],
  exchanges: {
    up: 5,
    down: 1,
    sold: 8,
    exchanged: 6,
    exchangedShare: 0.75,
    sizes: [
      { size: '85B', sold: 5, up: 5, down: 0, exchanged: 5 },
      { size: '90B', sold: 3, up: 0, down: 1, exchanged: 1 },
    ],
  },
};

function setup(stats: ReviewStatsAnswer, user: ApiUser = ADMIN_USER) {
  signInStorage(user);
  return mockApi({
    'GET /auth/check': () => ({ data: { user } }),
    'GET /reviews/products/p-lila/stats': () => ({ data: stats }),
  });
}

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

describe('ReviewStatsCard', () => {
  it("shows the stars of each month and the fit by size bought beside the fit report's exchanges", async () => {
    setup(STATS);
    renderApp(<ReviewStatsCard productId="p-lila" />);
    const card = await screen.findByTestId('review-stats');
    expect(await within(card).findByTestId('review-stats-summary')).toHaveTextContent(
      '4 opiniones aprobadas en los últimos 12 meses. Cambios de talle: 6 de 8 prendas vendidas; subieron 5, bajaron 1.',
    );
    const monthRows = cells(within(card).getByRole('table', { name: 'Estrellas por mes, últimos 12 meses' }));
    expect(monthRows).toHaveLength(12);
    expect(monthRows[0]).toEqual(['nov 2025', '0', '—']);
    expect(monthRows.slice(-2)).toEqual([
      ['sep 2026', '1', '2 ★'],
      ['oct 2026', '3', '4,3 ★'],
    ]);
    expect(cells(within(card).getByRole('table', { name: 'Calce por talle comprado' }))).toEqual([
      ['85B', '—', '5', '0'],
      ['90B', '8 justo, 3 chico, 1 grande', '0', '1'],
      ['XL', '1 justo', '0', '0'],
    ]);
  });

  it('without the reports (sales) shows the reviews only; without reviews says so', async () => {
    setup({ ...STATS, exchanges: null }, { ...ADMIN_USER, staffRole: 'sales' });
    const { unmount } = renderApp(<ReviewStatsCard productId="p-lila" />);
    const table = await screen.findByRole('table', { name: 'Calce por talle comprado' });
    expect(cells(table)).toEqual([
      ['90B', '8 justo, 3 chico, 1 grande'],
      ['XL', '1 justo'],
    ]);
    expect(screen.getByTestId('review-stats-summary')).not.toHaveTextContent('Cambios');
    unmount();
    setup({ ...STATS, months: months.map((m) => ({ ...m, count: 0, average: null })), bySize: [] });
    renderApp(<ReviewStatsCard productId="p-lila" />);
    expect(await screen.findByText('Todavía no hay opiniones aprobadas de este producto')).toBeInTheDocument();
  });
});
