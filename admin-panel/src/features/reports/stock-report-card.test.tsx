import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STOCK_REPORT_MSG, type StockReportAnswer } from '@shop/shared';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { contentFixture } from '@/test/fixtures';
import { StockReportCard } from './stock-report-card';

const content = contentFixture();
content.productCatalog.categories = [{ name: 'corpinos', display_name: 'Corpiños' }];

const REORDER: StockReportAnswer = {
  view: 'reorder',
  days: 30,
  leadDays: 21,
  page: 1,
  pageSize: 50,
  total: 2,
  pageCount: 1,
  valuation: { units: 1, valuedUnits: 0, value: 0 },
  rows: [
    {
      productId: 'p1',
      title: 'Corpiño Lila',
      category: 'corpinos',
      sku: 'LILA-90B',
      color: 'Lila',
      size: '90B',
      stock: 0,
      sold: 2,
      perDay: 0.07,
      daysOfStock: 0,
      suggested: 4,
      unitCost: 9000,
      value: 0,
    },
    {
      productId: 'p1',
      title: 'Corpiño Lila',
      category: 'corpinos',
      sku: 'LILA-95B',
      color: 'Lila',
      size: '95B',
      stock: 1,
      sold: 3,
      perDay: 0.1,
      daysOfStock: 10,
      suggested: 5,
      unitCost: null,
      value: null,
    },
  ],
};

function setup(answer: StockReportAnswer = REORDER) {
  signInStorage();
  return mockApi({
    'GET /auth/check': () => ({ data: { user: ADMIN_USER } }),
    'GET /content': () => ({ data: { content } }),
    'GET /reports/stock': () => ({ data: answer }),
  });
}

describe('Reportes: the stock views', () => {
  it('asks for what to reorder in a category with the supplier’s lead time, and lists it', async () => {
    const calls = setup();
    const user = userEvent.setup();
    renderApp(<StockReportCard />);
    await screen.findByRole('option', { name: 'Corpiños' });
    await user.selectOptions(screen.getByLabelText('Categoría'), 'corpinos');
    const lead = screen.getByLabelText('Días de entrega del proveedor');
    await user.clear(lead);
    await user.type(lead, '15');
    await user.click(screen.getByRole('button', { name: 'Ver reporte' }));
    const table = await screen.findByRole('table', { name: 'Para reponer: página 1 de 1' });
    expect(calls.find((call) => call.url === '/reports/stock')?.params).toEqual({
      view: 'reorder',
      days: '30',
      leadDays: '15',
      category: 'corpinos',
      page: '1',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['Corpiño Lila', 'Lila 90B', 'LILA-90B', '0', '2', '0,07', '0', '4', '$9.000', '$0'],
      ['Corpiño Lila', 'Lila 95B', 'LILA-95B', '1', '3', '0,1', '10', '5', 'Sin costo', '—'],
    ]);
    expect(screen.getByTestId('stock-report-summary')).toHaveTextContent(
      '2 variantes · ventas de los últimos 30 días · el proveedor tarda 21 días.',
    );
  });

  it('checks the days in Spanish before asking, and says when nothing is dead stock', async () => {
    const calls = setup({ ...REORDER, view: 'dead', days: 90, total: 0, rows: [] });
    const user = userEvent.setup();
    renderApp(<StockReportCard />);
    await user.selectOptions(await screen.findByLabelText('Reporte'), 'dead');
    expect(screen.queryByLabelText('Días de entrega del proveedor')).not.toBeInTheDocument();
    const days = screen.getByLabelText('Días de ventas');
    expect(days).toHaveValue('90');
    await user.clear(days);
    await user.type(days, '400');
    await user.click(screen.getByRole('button', { name: 'Ver reporte' }));
    expect(await screen.findByText(STOCK_REPORT_MSG.days)).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/reports/stock')).toBe(false);
    await user.clear(days);
    await user.type(days, '90');
    await user.click(screen.getByRole('button', { name: 'Ver reporte' }));
    expect(await screen.findByText('Todas las variantes con stock se vendieron en el período.')).toBeInTheDocument();
  });
});
