import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { STOCK_ALERT_MSG } from '@shop/shared';
import { makeProduct, productListAnswer } from '@/test/fixtures';
import { openShop } from '@/test/shop';

afterEach(() => {
  window.history.pushState({}, '', '/');
});

const shop = (path: string) =>
  openShop(path, {
    'GET /products': (request) =>
      request.params.searchTerm === 'body'
        ? { data: productListAnswer([makeProduct({ title: 'Body Rubí' })]) }
        : { data: productListAnswer([]) },
    'POST /stock-alerts/unsubscribe': { data: { message: STOCK_ALERT_MSG.unsubscribed, productTitle: 'Body Rubí', size: 'M' } },
  });

describe('routes of the new screens', () => {
  it("the header's search opens the results page of what was typed", async () => {
    shop('/track-order');
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Buscar productos' }), 'body{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Resultados para «body»' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/search?q=body');
    expect(await screen.findByRole('link', { name: 'Body Rubí' })).toBeInTheDocument();
  });

  it('/avisame/baja unsubscribes with the link of the e-mail', async () => {
    const requests = shop('/avisame/baja?token=0123456789abcdef');
    expect(await screen.findByTestId('unsubscribe-done')).toHaveTextContent('Body Rubí, talle M');
    expect(requests.filter((r) => r.url === '/stock-alerts/unsubscribe').map((r) => r.body)).toEqual([{ token: '0123456789abcdef' }]);
  });
});
