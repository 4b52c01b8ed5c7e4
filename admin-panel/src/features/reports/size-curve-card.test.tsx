import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SIZE_CURVE_MSG, type SizeCurveAnswer } from '@shop/shared';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { contentFixture } from '@/test/fixtures';
import { ReportsPage } from './reports-page';

const content = contentFixture();
content.productCatalog.categories = [
  { name: 'corpinos', display_name: 'Corpiños' },
  { name: 'bombachas', display_name: 'Bombachas' },
];

const CURVE: SizeCurveAnswer = {
  category: 'Corpiños',
  from: '2025-11-27',
  to: '2026-11-26',
  total: 8,
  units: 10,
  sentence: 'De cada 10 corpiños, 5 son 90B.',
  sizes: [
    { size: '85B', units: 1, share: 0.125, soldOut: 0, daysToSellOut: null, suggested: 1 },
    { size: '90B', units: 4, share: 0.5, soldOut: 2, daysToSellOut: 12.5, suggested: 5 },
    { size: '95B', units: 2, share: 0.25, soldOut: 0, daysToSellOut: null, suggested: 3 },
    { size: '100B', units: 1, share: 0.125, soldOut: 1, daysToSellOut: 1, suggested: 1 },
  ],
};

function setup(curve: SizeCurveAnswer = CURVE) {
  signInStorage();
  return mockApi({
    'GET /auth/check': () => ({ data: { user: ADMIN_USER } }),
    'GET /content': () => ({ data: { content } }),
    'GET /reports/size-curve': () => ({ data: curve }),
  });
}

describe('Reportes: the size curve', () => {
  it('asks for the chosen category and purchase, and shows the sentence, the bars and the table', async () => {
    const calls = setup();
    const user = userEvent.setup();
    renderApp(<ReportsPage />);
    expect(await screen.findByRole('heading', { name: 'Reportes' })).toBeInTheDocument();
    const card = await screen.findByTestId('size-curve');
    const category = within(card).getByLabelText('Categoría');
    await waitFor(() => expect(category).toHaveValue('corpinos'));
    const units = within(card).getByLabelText('Unidades a comprar');
    await user.clear(units);
    await user.type(units, '20');
    await user.type(within(card).getByLabelText('Desde'), '2026-01-01');
    await user.click(within(card).getByRole('button', { name: 'Ver curva' }));
    expect(await screen.findByTestId('size-curve-sentence')).toHaveTextContent('De cada 10 corpiños, 5 son 90B.');
    expect(calls.find((call) => call.url === '/reports/size-curve')?.params).toEqual({
      category: 'corpinos',
      units: '20',
      from: '2026-01-01',
    });
    const table = screen.getByRole('table', { name: 'Curva de talles de Corpiños y una compra de 10 unidades' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['85B', '1', '12,5 %', '0', '—', '1'],
      ['90B', '4', '50 %', '2', '12,5 días', '5'],
      ['95B', '2', '25 %', '0', '—', '3'],
      ['100B', '1', '12,5 %', '1', '1 día', '1'],
    ]);
    expect(screen.getByTestId('size-curve-bars')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText(/8 unidades vendidas de Corpiños del 27\/11\/2025 al 26\/11\/2026/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar CSV de la curva de talles' })).toBeInTheDocument();
  });

  it('refuses units out of range in Spanish without asking the server, and says when nothing sold', async () => {
    const calls = setup({ ...CURVE, total: 0, sentence: null, sizes: [] });
    const user = userEvent.setup();
    renderApp(<ReportsPage />);
    const units = await screen.findByLabelText('Unidades a comprar');
    await user.clear(units);
    await user.type(units, '0');
    await user.click(screen.getByRole('button', { name: 'Ver curva' }));
    expect(await screen.findByText(SIZE_CURVE_MSG.units)).toBeInTheDocument();
    expect(units).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.url === '/reports/size-curve')).toBe(false);
    await user.clear(units);
    await user.type(units, '10');
    await user.click(screen.getByRole('button', { name: 'Ver curva' }));
    expect(await screen.findByText('No hay ventas de esta categoría en el período')).toBeInTheDocument();
  });
});
