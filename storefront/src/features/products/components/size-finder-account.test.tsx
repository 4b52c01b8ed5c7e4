import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { braSizeGuide, makeAccount, makeContent, makeProduct } from '@/test/fixtures';
import { bodyOf, mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import ProductPage from './product-page';

const content = makeContent((c) => {
  c.sizeGuides = [braSizeGuide(2)];
});
const bra = makeProduct({
  category: 'corpinos',
  title: 'Corpiño Soft',
  stock: 5,
  size: ['85B', '90B'],
  stockBySize: { '85B': 2, '90B': 3 },
});
const ACCOUNT = makeAccount();

function setup() {
  localStorage.setItem('account-signed-in', '1');
  localStorage.setItem('size-finder-measurements', JSON.stringify({ 'contorno bajo busto': 70, cintura: 66 }));
  const requests = mockApi({
    'GET /content': { data: { content } },
    'GET /products/*': { data: { product: bra } },
    'GET /products': { data: { status: 'success', payload: [bra], totalPages: 1, totalDocs: 1, totalProducts: 1, page: 1, limit: 5 } },
    'POST /interactions': { status: 201, data: {} },
    'GET /account': { data: { account: ACCOUNT } },
    'GET /account/measurements': { data: { measurements: { 'contorno bajo busto': 75, 'contorno de busto': 91, cadera: 98 } } },
    'PUT /account/measurements': (request) => ({ data: bodyOf(request) }),
  });
  renderWithApp(<ProductPage />, { route: `/product/${bra._id}`, path: '/product/:id' });
  return { requests, user: userEvent.setup() };
}

describe('size finder of a shopper signed in to her account', () => {
  it("fills the fields from her account's measurements (over this browser's) and saves what she types there", async () => {
    const { requests, user } = setup();
    await user.click(await screen.findByRole('button', { name: '¿Cuál es mi talle?' }));
    const finder = screen.getByTestId('size-finder');
    expect(finder).toHaveTextContent('Tus medidas quedan en este dispositivo y en tu cuenta');
    await waitFor(() => expect(within(finder).getByLabelText('Contorno bajo busto (cm)')).toHaveValue('75'));
    expect(within(finder).getByLabelText('Contorno de busto (cm)')).toHaveValue('91');
    expect(screen.getByTestId('size-finder-result')).toHaveTextContent('Tu talle es 90B.');

    await user.clear(within(finder).getByLabelText('Contorno bajo busto (cm)'));
    await user.type(within(finder).getByLabelText('Contorno bajo busto (cm)'), '70');
    await user.clear(within(finder).getByLabelText('Contorno de busto (cm)'));
    await user.type(within(finder).getByLabelText('Contorno de busto (cm)'), '86');
    await user.click(within(finder).getByRole('button', { name: 'Ver mi talle' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(bodyOf(requests.find((r) => r.method === 'PUT')!)).toEqual({
      measurements: { 'contorno bajo busto': 70, 'contorno de busto': 86, cadera: 98 },
    });
  });
});
