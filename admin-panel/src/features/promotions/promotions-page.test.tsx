import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { couponInputSchema, type CouponAnswerCoupon } from '@shop/shared';
import { contentFixture } from '@/test/fixtures';
import { renderApp, ADMIN_USER, signInStorage } from '@/test/render';
import { bodyOf, mockApi, type MockRoutes } from '@/test/mock-api';
import { PromotionsPage } from './promotions-page';

/** A coupon as the list answers it: what staff wrote (the rest as the shop's defaults), then its figures. */
const coupon = (over: Partial<CouponAnswerCoupon>): CouponAnswerCoupon => ({
  id: 'c1',
  ...couponInputSchema.parse({ code: 'INSTA10', type: 'percent', value: 10, maxUses: 10 }),
  uses: 3,
  revenue: 45000,
  discountGiven: 5000,
  createdAt: '2026-11-20T12:00:00.000Z',
  ...over,
});

function setup(routes: MockRoutes = {}) {
  signInStorage();
  let coupons = [
    coupon({}),
    coupon({ id: 'c2', code: 'ENVIO', type: 'free_shipping', value: 0, maxUses: null, uses: 0, revenue: 0, discountGiven: 0 }),
  ];
  const calls = mockApi({
    'GET /auth/check': () => ({ data: { user: ADMIN_USER } }),
    'GET /content': () => ({ data: { content: contentFixture() } }),
    'GET /coupons': () => ({ data: { coupons } }),
    'GET /promotions': () => ({ data: { promotions: [] } }),
    'POST /coupons': (request) => {
      const created = coupon({ ...(bodyOf(request) as Partial<CouponAnswerCoupon>), id: 'c3', uses: 0, revenue: 0, discountGiven: 0 });
      coupons = [created, ...coupons];
      return { status: 201, data: { coupon: created } };
    },
    ...routes,
  });
  renderApp(<PromotionsPage />, { route: '/promotions' });
  return { calls, user: userEvent.setup() };
}

/** Types a percent coupon's code and discount in the form and sends it; the form. */
async function createCoupon(user: UserEvent, code: string, percent: string) {
  await screen.findByTestId('coupon-table');
  const form = screen.getByTestId('coupon-form');
  await user.type(within(form).getByLabelText(/Código/), code);
  await user.type(within(form).getByLabelText(/Descuento \(%\)/), percent);
  await user.click(within(form).getByRole('button', { name: 'Crear cupón' }));
  return form;
}

describe('Promociones', () => {
  it('lists the coupons with their value, uses, sales and state', async () => {
    setup();
    const table = await screen.findByTestId('coupon-table');
    const [first, second] = within(table).getAllByTestId('coupon-row');
    expect(first).toHaveTextContent('INSTA10');
    expect(within(first!).getByTestId('coupon-uses')).toHaveTextContent('3 / 10');
    expect(first).toHaveTextContent('$45.000');
    expect(first).toHaveTextContent('Activo');
    expect(within(second!).getByTestId('coupon-uses')).toHaveTextContent('0 / ∞');
    expect(second).toHaveTextContent('Envío gratis');
    expect(await screen.findByText('No hay promociones automáticas')).toBeInTheDocument();
  });

  it('refuses a bad percent with the server’s Spanish message before sending, keeping what was typed', async () => {
    const { calls, user } = setup();
    const form = await createCoupon(user, 'hotsale', '150');
    expect(await within(form).findByRole('alert')).toHaveTextContent('El porcentaje debe ser un número entero entre 1 y 100');
    expect(within(form).getByLabelText(/Código/)).toHaveValue('HOTSALE');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates a coupon and shows the server’s refusal when the code is taken', async () => {
    const { calls, user } = setup({ 'POST /coupons': { status: 409, data: { message: 'Ya existe un cupón con ese código' } } });
    const form = await createCoupon(user, 'insta10', '10');
    expect(await within(form).findByRole('alert')).toHaveTextContent('Ya existe un cupón con ese código');
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent && bodyOf(sent)).toMatchObject({ code: 'INSTA10', type: 'percent', value: 10, maxUses: null });
    expect(within(form).getByLabelText(/Código/)).toHaveValue('INSTA10');
  });

  it('a new coupon appears in the list', async () => {
    const { user } = setup();
    await createCoupon(user, 'nuevo5', '5');
    expect(await screen.findByText('Cupón NUEVO5 creado.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('coupon-table')).getAllByTestId('coupon-row')).toHaveLength(3));
  });
});
