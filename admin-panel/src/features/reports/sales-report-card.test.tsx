import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SALES_REPORT_MSG, emptySalesRow, type SalesReportAnswer } from '@shop/shared';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { SalesReportCard } from './sales-report-card';

const row = (key: string, label: string, figures: Partial<SalesReportAnswer['rows'][number]>) => ({
  ...emptySalesRow(key, label),
  ...figures,
});

const REPORT: SalesReportAnswer = {
  groupBy: 'variant',
  from: '2026-10-28',
  to: '2026-11-26',
  rows: [
    row('p~negro~S', 'Corpiño Lila · Negro S', {
      units: 3,
      gross: 30000,
      discounts: 2000,
      refunds: 10000,
      net: 18000,
      cost: 12000,
      margin: 6000,
    }),
    row('p~negro~M', 'Corpiño Lila · Negro M', { units: 1, gross: 10000, discounts: 1000, net: 9000, unitsWithoutCost: 1 }),
  ],
  totals: row('total', 'Total', { units: 4, gross: 40000, discounts: 3000, refunds: 10000, net: 27000, cost: 12000, unitsWithoutCost: 1 }),
};

function setup(answer: SalesReportAnswer = REPORT) {
  signInStorage();
  return mockApi({
    'GET /auth/check': () => ({ data: { user: ADMIN_USER } }),
    'GET /reports/sales': () => ({ data: answer }),
  });
}

describe('Reportes: the sales report', () => {
  it('groups the period’s sales as asked, with the net, the cost and the margin where every unit has a cost', async () => {
    const calls = setup();
    const user = userEvent.setup();
    renderApp(<SalesReportCard />);
    await user.selectOptions(screen.getByLabelText('Agrupar por'), 'variant');
    await user.type(screen.getByLabelText('Desde'), '2026-10-28');
    await user.click(screen.getByRole('button', { name: 'Ver ventas' }));
    const table = await screen.findByRole('table', { name: 'Ventas por variante' });
    expect(calls.find((call) => call.url === '/reports/sales')?.params).toEqual({ groupBy: 'variant', from: '2026-10-28' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['Corpiño Lila · Negro S', '3', '$30.000', '$2.000', '$10.000', '$18.000', '$12.000', '$6.000'],
      ['Corpiño Lila · Negro M', '1', '$10.000', '$1.000', '$0', '$9.000', '—', '—'],
    ]);
    expect(screen.getByTestId('sales-report-total')).toHaveTextContent('$27.000 netos en 4 unidades');
    expect(screen.getByText(/1 unidad vendida no tiene costo cargado/)).toBeInTheDocument();
  });

  it('refuses a reversed period in Spanish without asking, and says when nothing sold', async () => {
    const calls = setup({ ...REPORT, rows: [], totals: row('total', 'Total', {}) });
    const user = userEvent.setup();
    renderApp(<SalesReportCard />);
    await user.type(screen.getByLabelText('Desde'), '2026-11-20');
    await user.type(screen.getByLabelText('Hasta'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Ver ventas' }));
    expect(await screen.findByText(SALES_REPORT_MSG.badRange)).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/reports/sales')).toBe(false);
    await user.clear(screen.getByLabelText('Hasta'));
    await user.click(screen.getByRole('button', { name: 'Ver ventas' }));
    expect(await screen.findByText('No hay ventas en el período')).toBeInTheDocument();
  });
});
