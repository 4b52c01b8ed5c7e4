import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PURCHASES_MSG, type ApiUser, type VariantCostsAnswer } from '@shop/shared';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { costOfText, VariantCostsCard } from './variant-costs-card';

const COSTS: VariantCostsAnswer = {
  productId: 'p-lila',
  costMethod: 'average',
  costs: [
    { variantId: 'negro~85b', sku: 'LILA-NEGRO-85B', color: 'Negro', size: '85B', cost: 7500 },
    { variantId: 'negro~90b', sku: 'LILA-NEGRO-90B', color: 'Negro', size: '90B', cost: null },
  ],
};

function setup(user: ApiUser = ADMIN_USER) {
  signInStorage(user);
  return mockApi({
    'GET /auth/check': () => ({ data: { user } }),
    'GET /variant-costs': () => ({ data: COSTS }),
    'PUT /variant-costs': () => ({
      data: {
        ...COSTS,
        costs: [
          { ...COSTS.costs[0]!, cost: null },
          { ...COSTS.costs[1]!, cost: 6200 },
        ],
      },
    }),
  });
}

describe('VariantCostsCard', () => {
  it('reads costs as typed in Argentina: 7.500, 7500, $ 7.500; empty is no cost', () => {
    expect(costOfText('7.500')).toBe(7500);
    expect(costOfText('$ 7500')).toBe(7500);
    expect(costOfText('')).toBeNull();
    expect(costOfText('7,5')).toBeNaN();
  });

  it('sends only the costs that changed (an emptied one forgotten), and refuses a broken one in Spanish', async () => {
    const calls = setup();
    const user = userEvent.setup();
    renderApp(<VariantCostsCard productId="p-lila" />);
    const card = await screen.findByTestId('variant-costs');
    expect(await within(card).findByText('Sin costo')).toBeInTheDocument();
    expect(card).toHaveTextContent('promedio ponderado');
    const first = within(card).getByLabelText('Costo de LILA-NEGRO-85B');
    await waitFor(() => expect(first).toHaveValue('7.500'));
    await user.type(within(card).getByLabelText('Costo de LILA-NEGRO-90B'), '6,2');
    await user.click(within(card).getByRole('button', { name: 'Guardar costos' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(`LILA-NEGRO-90B: ${PURCHASES_MSG.unitCost}`);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(within(card).getByLabelText('Costo de LILA-NEGRO-90B'));
    await user.type(within(card).getByLabelText('Costo de LILA-NEGRO-90B'), '6.200');
    await user.clear(first);
    await user.click(within(card).getByRole('button', { name: 'Guardar costos' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Costos guardados: 2 variantes.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      productId: 'p-lila',
      costs: [
        { variantId: 'negro~85b', cost: null },
        { variantId: 'negro~90b', cost: 6200 },
      ],
    });
  });
});
