import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PURCHASES_MSG, SALES_REPORT_MSG, emptySalesRow, type SalesReportAnswer } from '@shop/shared';
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
      fees: 900,
      cost: 12000,
      margin: 5100,
    }),
    row('p~negro~M', 'Corpiño Lila · Negro M', { units: 1, gross: 10000, discounts: 1000, net: 9000, unitsWithoutCost: 1 }),
  ],
  totals: row('total', 'Total', {
    units: 4,
    gross: 40000,
    discounts: 3000,
    refunds: 10000,
    net: 27000,
    fees: 900,
    cost: 12000,
    unitsWithoutCost: 1,
  }),
  feePercent: 5,
};

const OVER_TIME: SalesReportAnswer = {
  ...REPORT,
  groupBy: 'day',
  from: '2026-11-24',
  to: '2026-11-26',
  rows: [
    row('2026-11-24', '24/11/2026', { units: 2, gross: 20000, net: 20000 }),
    row('2026-11-25', '25/11/2026', {}),
    row('2026-11-26', '26/11/2026', { units: 1, gross: 12000, net: 12000 }),
  ],
  totals: row('total', 'Total', { units: 3, gross: 32000, net: 32000 }),
};

function setup(answer: SalesReportAnswer = REPORT) {
  signInStorage();
  let rates = { paymentFeePercent: 5, pointFeePercent: 3.25, qrFeePercent: 0.8 };
  return mockApi({
    'GET /auth/check': () => ({ data: { user: ADMIN_USER } }),
    'GET /reports/sales': () => ({ data: answer }),
    'GET /purchase-settings': () => ({ data: { costMethod: 'last', ...rates } }),
    'PUT /purchase-settings': (request) => {
      rates = request.body as typeof rates;
      return { data: { costMethod: 'last', ...rates } };
    },
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
      ['Corpiño Lila · Negro S', '3', '$30.000', '$2.000', '$10.000', '$18.000', '$900', '$12.000', '$5.100'],
      ['Corpiño Lila · Negro M', '1', '$10.000', '$1.000', '$0', '$9.000', '$0', '—', '—'],
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

  it('by day: a chart of sales over time above the table, every day in order, the empty ones too', async () => {
    const calls = setup(OVER_TIME);
    const user = userEvent.setup();
    renderApp(<SalesReportCard />);
    await user.selectOptions(screen.getByLabelText('Agrupar por'), 'day');
    await user.click(screen.getByRole('button', { name: 'Ver ventas' }));
    const table = await screen.findByRole('table', { name: 'Ventas por día' });
    expect(calls.find((call) => call.url === '/reports/sales')?.params).toEqual({ groupBy: 'day' });
    const chart = screen.getByTestId('sales-chart');
    expect(chart).toHaveAttribute('aria-hidden', 'true');
    const fills = [...chart.querySelectorAll<HTMLElement>('.sales-chart-fill')].map((fill) => fill.style.height);
    expect(fills).toEqual(['100%', '0%', '60%']);
    expect(chart).toHaveTextContent('Mejor: 24/11/2026 · $20.000');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelector('td')?.textContent),
    ).toEqual(['24/11/2026', '25/11/2026', '26/11/2026']);
  });

  it("the owner sets Mercado Pago's fees (online, Point, QR), checked in Spanish before they are sent", async () => {
    const calls = setup();
    const user = userEvent.setup();
    renderApp(<SalesReportCard />);
    const field = await screen.findByLabelText('Comisión de Mercado Pago (%)');
    await waitFor(() => expect(field).toHaveValue('5'));
    await user.clear(field);
    await user.type(field, '31');
    await user.click(screen.getByRole('button', { name: 'Guardar comisión' }));
    expect(await screen.findByText(PURCHASES_MSG.paymentFee)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.clear(field);
    await user.type(field, '6,29');
    const point = screen.getByLabelText('Comisión de Point en el local (%)');
    expect(point).toHaveValue('3,25');
    await user.clear(point);
    await user.type(point, 'tres');
    await user.click(screen.getByRole('button', { name: 'Guardar comisión' }));
    expect(await screen.findByText(PURCHASES_MSG.pointFee)).toBeInTheDocument();
    expect(point).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.clear(point);
    await user.type(point, '3,5');
    await user.click(screen.getByRole('button', { name: 'Guardar comisión' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Comisión guardada: Mercado Pago online 6,29 %, Point 3,5 %, QR 0,8 %.');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ paymentFeePercent: 6.29, pointFeePercent: 3.5, qrFeePercent: 0.8 });
  });
});
