import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '@shop/shared';
import { bodyOf, mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { ACCOUNT } from '../test-answers';
import { FAVORITE_SIGN_IN_TEXT, FavoriteButton } from './favorite-button';
import { SaveDataCard } from './save-data-card';

describe("the confirmation's offer to save her data", () => {
  it('sends the code to the order’s e-mail and opens /cuenta at the code field', async () => {
    const requests = mockApi({ 'POST /account/code': { status: 202, data: { message: ACCOUNT_MSG.codeSent } } });
    renderWithApp(<SaveDataCard email="ana@example.com" />, { route: '/order-confirmation/JL-1', path: '/order-confirmation/:n' });
    expect(screen.getByRole('heading', { name: 'Guardá tus datos para la próxima' })).toBeInTheDocument();
    // Signed out in this browser: nothing is asked of the account to know it.
    expect(requests).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Guardar mis datos' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cuenta?email=ana%40example.com&codigo=1'));
    expect(bodyOf(requests[0]!)).toEqual({ email: 'ana@example.com' });
  });

  it('is not shown when she is signed in, nor without an e-mail', async () => {
    localStorage.setItem('account-signed-in', '1');
    const requests = mockApi({ 'GET /account': { data: { account: ACCOUNT } } });
    renderWithApp(<SaveDataCard email="ana@example.com" />);
    await waitFor(() => expect(requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(screen.queryByTestId('account-offer')).not.toBeInTheDocument();
  });

  it('shows the card again when the session the browser remembered is gone', async () => {
    localStorage.setItem('account-signed-in', '1');
    mockApi({ 'GET /account': { status: 401, data: { message: ACCOUNT_MSG.noSession } } });
    renderWithApp(<SaveDataCard email="ana@example.com" />);
    expect(await screen.findByTestId('account-offer')).toBeInTheDocument();
    expect(localStorage.getItem('account-signed-in')).toBeNull();
  });
});

describe('"Me gusta" on a product', () => {
  it('signed out, explains how to save favourites, with a link to her account', async () => {
    const requests = mockApi({});
    renderWithApp(<FavoriteButton productId="p1" />);
    const button = screen.getByRole('button', { name: 'Agregar a favoritos' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.setup().click(button);
    expect(within(screen.getByTestId('favorite')).getByRole('status')).toHaveTextContent(FAVORITE_SIGN_IN_TEXT);
    expect(screen.getByRole('link', { name: 'Mi cuenta' })).toHaveAttribute('href', '/cuenta');
    expect(requests).toHaveLength(0);
  });

  it('signed in, saves the whole list with the product and shows it pressed', async () => {
    localStorage.setItem('account-signed-in', '1');
    const favorite = { productId: 'p1', slug: 'conjunto', title: 'Conjunto', price: 18000, image: null };
    const requests = mockApi({
      'GET /account': { data: { account: ACCOUNT } },
      'GET /account/favorites': { data: { favorites: [{ ...favorite, productId: 'p9' }] } },
      'PUT /account/favorites': { data: { favorites: [{ ...favorite, productId: 'p9' }, favorite] } },
    });
    renderWithApp(<FavoriteButton productId="p1" />);
    await waitFor(() => expect(requests.some((r) => r.url === '/account/favorites')).toBe(true));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Agregar a favoritos' }));
    const pressed = await screen.findByRole('button', { name: 'Quitar de favoritos' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(bodyOf(requests.find((r) => r.method === 'PUT')!)).toEqual({ productIds: ['p9', 'p1'] });
  });
});
