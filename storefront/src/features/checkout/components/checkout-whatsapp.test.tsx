import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WHATSAPP_MSG } from '@shop/shared';
import { makeContent, makeOrder } from '@/test/fixtures';
import { mockApi, type RecordedRequest } from '@/test/mock-api';
import { fillPersonalData, renderCheckout } from './checkout-test-setup';

const LABEL = 'Quiero recibir novedades de mi pedido por WhatsApp';
const HINT =
  'Te escribimos solo sobre este pedido: cuando lo recibimos, cuando se confirma el pago y cuando está listo o en camino; si no lo terminás, te lo recordamos una sola vez.';

const order = makeOrder({ shippingInfo: { ...makeOrder().shippingInfo, email: 'ana@example.com' } });
const created = { status: 201, data: { order, orderNumber: order.orderNumber } };

function setup(routes: Parameters<typeof mockApi>[0] = { 'POST /orders': created }) {
  return renderCheckout({ content: makeContent() }, routes);
}

const orderRequests = (requests: readonly RecordedRequest[]) => requests.filter((r) => r.url === '/orders');
const confirm = () => screen.getByRole('button', { name: 'Confirmar Pedido' });

describe('checkout: WhatsApp opt-in', () => {
  it('keeps her consent in the checkout draft, for the one reminder if she leaves it unfinished', async () => {
    const { user, requests } = setup({ 'POST /orders': created, 'PUT /checkouts/*': { status: 200, data: { message: 'ok' } } });
    await fillPersonalData(user);
    const drafts = () => requests.filter((r) => r.method === 'PUT' && r.url.startsWith('/checkouts/'));
    await waitFor(() => expect(drafts().at(-1)?.body).not.toHaveProperty('whatsappOptIn'), { timeout: 4000 });
    await user.click(screen.getByRole('checkbox', { name: LABEL }));
    await waitFor(() => expect(drafts().at(-1)?.body).toMatchObject({ whatsappOptIn: true }), { timeout: 4000 });
  });

  it('leaves the box unticked by default and sends no whatsappOptIn', async () => {
    const { user, requests } = setup();
    const box = screen.getByRole('checkbox', { name: LABEL });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(HINT);
    await fillPersonalData(user);
    await user.click(confirm());
    await screen.findByTestId('elsewhere');
    const [sent] = orderRequests(requests);
    expect(sent?.body).toMatchObject({ shippingInfo: { phone: '2995551234' } });
    expect(sent?.body).not.toHaveProperty('whatsappOptIn', true);
  });

  it('sends whatsappOptIn: true once the box is ticked (from the keyboard too)', async () => {
    const { user, requests } = setup();
    await fillPersonalData(user);
    // Tab from the phone reaches the box; the space bar ticks it.
    await user.tab();
    const box = screen.getByRole('checkbox', { name: LABEL });
    expect(box).toHaveFocus();
    await user.keyboard(' ');
    expect(box).toBeChecked();
    await user.click(confirm());
    await screen.findByTestId('elsewhere');
    expect(orderRequests(requests)).toHaveLength(1);
    expect(orderRequests(requests)[0]?.body).toMatchObject({ whatsappOptIn: true, shippingInfo: { phone: '2995551234' } });
  });

  it('names a phone WhatsApp cannot reach at the phone field and sends nothing', async () => {
    const { user, requests } = setup();
    await user.type(screen.getByLabelText('Nombre completo *'), 'Ana Pérez');
    await user.type(screen.getByLabelText('Email *'), 'ana@example.com');
    await user.type(screen.getByLabelText('Teléfono *'), '123');
    await user.click(screen.getByRole('checkbox', { name: LABEL }));
    await user.click(confirm());

    const phone = screen.getByLabelText('Teléfono *');
    expect(await screen.findByText(WHATSAPP_MSG.badPhone)).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(WHATSAPP_MSG.badPhone);
    expect(phone).toHaveFocus();
    expect(orderRequests(requests)).toHaveLength(0);

    // Unticked, the phone no longer has to be a mobile: the message goes.
    await user.click(screen.getByRole('checkbox', { name: LABEL }));
    expect(screen.queryByText(WHATSAPP_MSG.badPhone)).not.toBeInTheDocument();
  });

  it('names the phone alongside the other missing fields', async () => {
    const { user, requests } = setup();
    await user.type(screen.getByLabelText('Teléfono *'), '123');
    await user.click(screen.getByRole('checkbox', { name: LABEL }));
    await user.click(confirm());
    expect(await screen.findByText('El nombre completo es requerido')).toBeInTheDocument();
    expect(screen.getByText(WHATSAPP_MSG.badPhone)).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre completo *')).toHaveFocus();
    expect(orderRequests(requests)).toHaveLength(0);
  });

  it("shows the server's refusal of the phone at the phone field, keeping what the shopper typed", async () => {
    const { user, requests } = setup({ 'POST /orders': { status: 400, data: { message: WHATSAPP_MSG.badPhone } } });
    await fillPersonalData(user);
    await user.click(screen.getByRole('checkbox', { name: LABEL }));
    await user.click(confirm());

    await waitFor(() => expect(screen.getByLabelText('Teléfono *')).toHaveAccessibleDescription(WHATSAPP_MSG.badPhone));
    expect(orderRequests(requests)[0]?.body).toMatchObject({ whatsappOptIn: true });
    expect(screen.queryByTestId('checkout-error')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Teléfono *')).toHaveValue('2995551234');
    expect(screen.getByLabelText('Nombre completo *')).toHaveValue('Ana Pérez');
    expect(screen.getByRole('checkbox', { name: LABEL })).toBeChecked();
    expect(confirm()).toBeEnabled();
  });
});
