import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ApiUser, FitReportAnswer } from '@shop/shared';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { FitReportCard } from './fit-report-card';

const REPORT: FitReportAnswer = {
  productId: 'p-lila',
  title: 'Corpiño Lila',
  minimum: 5,
  up: 5,
  down: 1,
  sources: { exchanges: { up: 5, down: 1 }, reviews: { small: 0, true: 0, large: 0 } },
  figure: { direction: 'small', basedOn: 6 },
  shown: true,
  sold: 8,
  exchanged: 6,
  exchangedShare: 0.75,
  sizes: [
    { size: '85B', sold: 5, up: 5, down: 0, exchanged: 5 },
    { size: '90B', sold: 1, up: 0, down: 1, exchanged: 1 },
    { size: '95B', sold: 2, up: 0, down: 0, exchanged: 0 },
  ],
};

function setup(report: FitReportAnswer, user: ApiUser = ADMIN_USER) {
  signInStorage(user);
  return mockApi({
    'GET /auth/check': () => ({ data: { user } }),
    'GET /reports/fit': () => ({ data: report }),
  });
}

describe('FitReportCard', () => {
  it('says what the product page shows, and the exchanges up and down by size with the sales', async () => {
    const calls = setup(REPORT);
    renderApp(<FitReportCard productId="p-lila" />);
    const card = await screen.findByTestId('fit-report');
    expect(await within(card).findByTestId('fit-summary')).toHaveTextContent(
      'La página del producto muestra: «La mayoría de las clientas eligió un talle más (según 6 cambios de talle).»',
    );
    expect(card).toHaveTextContent('6 de 8 prendas vendidas se cambiaron (75 %). Subieron de talle 5, bajaron 1.');
    expect(within(card).getByTestId('fit-sources')).toHaveTextContent(
      'Cambios y devoluciones por talle: 6 (5 un talle más, 1 un talle menos)Opiniones aprobadas: 0 (0 chico, 0 justo, 0 grande)',
    );
    const rows = within(within(card).getByRole('table', { name: 'Cambios por talle comprado' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['85B', '5', '5', '0', '5'],
      ['90B', '1', '0', '1', '1'],
      ['95B', '2', '0', '0', '0'],
    ]);
    expect(calls.find((call) => call.url === '/reports/fit')?.params).toEqual({ productId: 'p-lila' });
  });

  it('below the minimum says how many exchanges are missing; without any, says so', async () => {
    setup({ ...REPORT, up: 3, down: 0, exchanged: 3, figure: { direction: 'small', basedOn: 3 }, shown: false });
    renderApp(<FitReportCard productId="p-lila" />);
    expect(await screen.findByTestId('fit-summary')).toHaveTextContent(
      'La página del producto lo muestra desde 5 cambios u opiniones: faltan 2.',
    );
  });

  it('names each source with its count when approved reviews count too', async () => {
    const sources = { exchanges: { up: 3, down: 0 }, reviews: { small: 12, true: 2, large: 1 } };
    setup({ ...REPORT, up: 3, down: 0, sources, figure: { direction: 'small', basedOn: 18 }, shown: true });
    renderApp(<FitReportCard productId="p-lila" />);
    expect(await screen.findByTestId('fit-summary')).toHaveTextContent('(según 3 cambios de talle y 15 opiniones)');
    expect(screen.getByTestId('fit-sources')).toHaveTextContent('Opiniones aprobadas: 15 (12 chico, 2 justo, 1 grande)');
  });

  it('is the owner’s only: the sales and catalogue roles neither see it nor ask for it', async () => {
    for (const staffRole of ['sales', 'catalog'] as const) {
      const calls = setup(REPORT, { ...ADMIN_USER, staffRole });
      const { container, unmount } = renderApp(<FitReportCard productId="p-lila" />);
      await waitFor(() => expect(calls.some((c) => c.url === '/auth/check')).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(container).toBeEmptyDOMElement();
      expect(calls.some((c) => c.url === '/reports/fit')).toBe(false);
      unmount();
    }
  });
});
