import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WHATSAPP_MSG } from '@shop/shared';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { bodyOf, mockApi, type MockHandler, type RecordedRequest } from '@/test/mock-api';
import { orderFixture, productFixture } from '@/test/fixtures';
import { NewSalePage } from './new-sale-page';

const PRODUCT = productFixture({
  _id: 'p-negro',
  title: 'Corpiño Negro',
  price: 10000,
  variants: [{ id: 'v-m', sku: 'CN-M', color: 'Negro', size: 'M', stock: 5, barcode: '7790001', active: true, available: true }],
});

const CREATED: MockHandler = {
  status: 201,
  data: { order: orderFixture(42), orderNumber: 'JL-20260115-0042', paymentUrl: null, whatsappUrl: null },
};

/** "Nueva venta" for a sales assistant: one product found by its SKU, the quote, and `sale` answering the sale. */
function setup(sale: MockHandler = CREATED) {
  const user = { ...ADMIN_USER, staffRole: 'sales' as const };
  signInStorage(user);
  const calls = mockApi({
    'GET /auth/check': () => ({ data: { user } }),
    'GET /products': () => ({
      data: { status: 'success', payload: [PRODUCT], totalPages: 1, totalDocs: 1, totalProducts: 1, page: 1, limit: 25 },
    }),
    'POST /checkout/quote': () => ({
      data: {
        quote: {
          items: [
            {
              productId: 'p-negro',
              sku: 'CN-M',
              title: 'Corpiño Negro',
              color: 'Negro',
              size: 'M',
              quantity: 1,
              unitPrice: 10000,
              lineTotal: 10000,
            },
          ],
          subtotal: 10000,
          shippingCost: 0,
          cashFee: 0,
          discounts: [],
          discountTotal: 0,
          total: 10000,
        },
      },
    }),
    'POST /orders/manual': sale,
  });
  renderApp(<NewSalePage />, { route: '/sales/new' });
  return { calls, user: userEvent.setup() };
}

/** Adds the product by its SKU and types the customer. */
async function fillSale(user: ReturnType<typeof userEvent.setup>, phone = '299 541 2345') {
  await user.type(screen.getByTestId('sale-search'), 'CN-M{Enter}');
  await screen.findByText(/Agregado: Corpiño Negro/);
  await user.type(screen.getByLabelText('Nombre y apellido'), 'Ana Pérez');
  if (phone) await user.type(screen.getByLabelText('Teléfono'), phone);
}

const saleCalls = (calls: RecordedRequest[]) => calls.filter((c) => c.method === 'POST' && c.url === '/orders/manual');

describe('Nueva venta: WhatsApp news', () => {
  it('sends whatsappOptIn: true when "La clienta quiere recibir novedades…" is ticked', async () => {
    const { calls, user } = setup();
    await fillSale(user);
    const optIn = screen.getByRole('checkbox', { name: 'La clienta quiere recibir novedades del pedido por WhatsApp' });
    expect(optIn).not.toBeChecked();
    await user.click(optIn);
    await user.click(screen.getByTestId('sale-create'));
    await waitFor(() => expect(saleCalls(calls)).toHaveLength(1));
    expect(bodyOf(saleCalls(calls)[0]!)).toMatchObject({ whatsappOptIn: true, shippingInfo: { phone: '299 541 2345' } });
  });

  it('sends no whatsappOptIn when the box is left off', async () => {
    const { calls, user } = setup();
    await fillSale(user);
    await user.click(screen.getByTestId('sale-create'));
    await waitFor(() => expect(saleCalls(calls)).toHaveLength(1));
    expect(bodyOf(saleCalls(calls)[0]!)).not.toHaveProperty('whatsappOptIn');
  });

  it("shows the server's 400 when the phone cannot be a WhatsApp mobile", async () => {
    const { calls, user } = setup({ status: 400, data: { message: WHATSAPP_MSG.badPhone } });
    await fillSale(user, '442 1234');
    await user.click(screen.getByRole('checkbox', { name: /novedades del pedido por WhatsApp/ }));
    await user.click(screen.getByTestId('sale-create'));
    expect(await screen.findByTestId('sale-error')).toHaveTextContent(WHATSAPP_MSG.badPhone);
    expect(saleCalls(calls)).toHaveLength(1);
  });

  it('asks for a phone before sending a sale with WhatsApp news and only an e-mail', async () => {
    const { calls, user } = setup();
    await fillSale(user, '');
    await user.type(screen.getByLabelText('E-mail (opcional)'), 'ana@mail.com');
    await user.click(screen.getByRole('checkbox', { name: /novedades del pedido por WhatsApp/ }));
    await user.click(screen.getByTestId('sale-create'));
    expect(await screen.findByTestId('sale-error')).toHaveTextContent(WHATSAPP_MSG.badPhone);
    expect(saleCalls(calls)).toHaveLength(0);
  });
});
