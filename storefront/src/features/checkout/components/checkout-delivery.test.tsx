import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ZONE_REFUSALS, type SiteContent } from '@shop/shared';
import { makeContent, makeOrder, makeZonedContent } from '@/test/fixtures';
import { bodyOf, deferred, mockApi, type RecordedRequest } from '@/test/mock-api';
import { quoteServer } from '@/test/quote-server';
import { fillPersonalData, renderCheckout } from './checkout-test-setup';

/** The server's catalogue prices the product at 17.500 now: figures of the quote differ from the cart's own. */
const serverProduct = { id: 'p1', title: 'Conjunto Encaje', price: 17500, active: true, sizes: ['M'] };

function setup(content: SiteContent = makeZonedContent(), routes: Parameters<typeof mockApi>[0] = {}) {
  return renderCheckout({ content }, { 'POST /checkout/quote': quoteServer(content, [serverProduct]), ...routes });
}

const quotes = (requests: readonly RecordedRequest[]) => requests.filter((r) => r.url === '/checkout/quote').map(bodyOf);
const summary = () => screen.getByTestId('order-summary');
const barrio = () => screen.getByRole('combobox', { name: 'Barrio' });

async function chooseHomeDelivery(user: ReturnType<typeof userEvent.setup>) {
  // The zones arrive with the site content.
  await user.click(await screen.findByRole('radio', { name: /Envío a domicilio.*Desde \$2\.000/ }));
}

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await fillPersonalData(user);
  await user.type(screen.getByLabelText('Dirección *'), 'Belgrano 123');
  await user.type(screen.getByLabelText('Ciudad *'), 'Neuquén');
}

describe('checkout: home delivery by zone', () => {
  it('finds the zone from the barrio search, shows its cost and days at once, and prices the order with it', async () => {
    const created = makeOrder({ deliveryType: 'delivery', zone: { id: 'centro', name: 'Neuquén Centro', cost: 2000 } });
    const { user, requests } = setup(makeZonedContent(), {
      'POST /orders': { status: 201, data: { order: created, orderNumber: created.orderNumber } },
    });
    await chooseHomeDelivery(user);
    expect(screen.getByText('Indicá tu barrio o código postal para calcular el envío a domicilio')).toBeInTheDocument();
    expect(within(summary()).getByTestId('summary-shipping')).toHaveTextContent('A calcular');
    expect(screen.getByRole('button', { name: 'Confirmar Pedido' })).toBeDisabled();

    await user.type(barrio(), 'cent');
    const list = screen.getByRole('listbox', { name: 'Barrios con envío' });
    expect(barrio()).toHaveAttribute('aria-expanded', 'true');
    expect(barrio()).toHaveAttribute('aria-controls', list.id);
    // Accents and case aside; names starting with what was typed first; disabled zones never listed.
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['CentroNeuquén Centro', 'Área Centro OesteNeuquén Centro']);
    await user.click(within(list).getByRole('option', { name: /^Centro/ }));

    expect(barrio()).toHaveValue('Centro');
    expect(barrio()).toHaveAttribute('aria-expanded', 'false');
    const zone = screen.getByTestId('zone-result');
    expect(zone).toHaveTextContent('Zona de envío: Neuquén Centro');
    expect(within(zone).getByTestId('zone-cost')).toHaveTextContent('$2.000');
    expect(within(zone).getByTestId('zone-days')).toHaveTextContent('24 a 48 horas hábiles');
    expect(zone).toHaveTextContent('Envío gratis desde $60.000');
    expect(screen.getByRole('radio', { name: /Envío a domicilio/ })).toHaveAccessibleName(expect.stringContaining('$2.000'));

    // The summary shows the server's figures (its price is 17.500 now), not the cart's.
    await waitFor(() => expect(within(summary()).getByTestId('summary-total')).toHaveTextContent('$37.000'));
    expect(within(summary()).getByTestId('summary-subtotal')).toHaveTextContent('$35.000');
    expect(within(summary()).getByTestId('summary-shipping')).toHaveTextContent('$2.000');
    // Without national taxes at the shop's 21 %: round(37.000 / 1,21).
    expect(within(summary()).getByTestId('summary-net-total')).toHaveTextContent('Precio sin impuestos nacionales: $30.579');
    expect(within(summary()).getByText('$35.000', { selector: '.summary-line__total' })).toBeInTheDocument();
    expect(quotes(requests).at(-1)).toEqual({
      items: [{ productId: 'p1', quantity: 2, size: 'M', color: 'Negro' }],
      paymentMethod: 'cash',
      deliveryType: 'delivery',
      zoneId: 'centro',
    });

    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));
    await screen.findByTestId('elsewhere');
    const order = requests.find((r) => r.url === '/orders');
    expect(order?.body).toMatchObject({ deliveryType: 'delivery', zoneId: 'centro', barrio: 'Centro', total: 37000 });
    expect(order?.body).not.toHaveProperty('meetingPointId');
  });

  it('finds the zone from the postal code alone', async () => {
    const { user, requests } = setup();
    await chooseHomeDelivery(user);
    // With zones, the postal code sits beside the barrio (and only there).
    expect(screen.getAllByLabelText('Código postal')).toHaveLength(1);
    await user.type(screen.getByLabelText('Código postal'), '8302');
    expect(screen.getByTestId('zone-result')).toHaveTextContent('Neuquén Oeste');
    expect(screen.getByTestId('zone-cost')).toHaveTextContent('$3.500');
    expect(screen.getByTestId('zone-days')).toHaveTextContent('2 a 3 días hábiles');
    await waitFor(() => expect(within(summary()).getByTestId('summary-shipping')).toHaveTextContent('$3.500'));
    expect(quotes(requests).at(-1)).toMatchObject({ deliveryType: 'delivery', zoneId: 'oeste' });
    expect(screen.getByRole('button', { name: 'Confirmar Pedido' })).toBeEnabled();
  });

  it('tells a shopper out of every zone so, with a WhatsApp link carrying her cart, and blocks the order', async () => {
    const { user, requests } = setup();
    await chooseHomeDelivery(user);
    await user.type(barrio(), 'Cipolletti');
    const notice = await screen.findByTestId('out-of-zone');
    expect(notice).toHaveAttribute('role', 'alert');
    expect(notice).toHaveTextContent(ZONE_REFUSALS.outOfZone);
    expect(barrio()).toHaveAttribute('aria-invalid', 'true');
    expect(barrio()).toHaveAccessibleDescription(expect.stringContaining('No llegamos a ese barrio'));
    const link = within(notice).getByRole('link', { name: 'Consultar por WhatsApp' });
    const href = link.getAttribute('href') ?? '';
    expect(href).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    const text = decodeURIComponent(href.split('text=')[1] ?? '');
    expect(text).toContain('• Conjunto Encaje (Talla: M, Color: Negro) x2 - $36.000');
    expect(text).toContain('Quisiera coordinar el envío a Cipolletti.');
    expect(link).toHaveAttribute('target', '_blank');

    const confirm = screen.getByRole('button', { name: 'Confirmar Pedido' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription('Indicá dónde recibís el pedido para poder confirmarlo.');
    // A place no zone reaches is never priced as a home delivery.
    expect(quotes(requests).some((q) => q.deliveryType === 'delivery')).toBe(false);
    // What she typed stays.
    expect(barrio()).toHaveValue('Cipolletti');
  });

  it('works with the keyboard: arrows move through the barrios, Enter picks one, Escape closes the list', async () => {
    const { user } = setup();
    await chooseHomeDelivery(user);
    await user.click(barrio());
    await user.keyboard('v');
    expect(barrio()).toHaveAttribute('aria-expanded', 'true');
    expect(barrio()).not.toHaveAttribute('aria-activedescendant');
    const options = () => screen.getAllByRole('option');
    // Names that start with what was typed first, then those that contain it.
    expect(options().map((o) => o.querySelector('.combobox__option-name')?.textContent)).toEqual([
      'Valentina Sur',
      'Villa Ceferino',
      'Santa Genoveva',
    ]);

    await user.keyboard('{ArrowDown}');
    expect(barrio()).toHaveAttribute('aria-activedescendant', options()[0]?.id);
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(barrio()).toHaveAttribute('aria-activedescendant', options()[1]?.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    // Up from the first goes round to the last.
    expect(barrio()).toHaveAttribute('aria-activedescendant', options()[2]?.id);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(barrio()).toHaveValue('Villa Ceferino');
    expect(barrio()).toHaveAttribute('aria-expanded', 'false');
    expect(barrio()).not.toHaveAttribute('aria-activedescendant');
    expect(screen.getByTestId('zone-result')).toHaveTextContent('Neuquén Oeste');
    // Enter picked a barrio: it did not send the form.
    expect(screen.queryByText('El nombre completo es requerido')).not.toBeInTheDocument();

    await user.clear(barrio());
    await user.keyboard('cen');
    expect(barrio()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(barrio()).toHaveAttribute('aria-expanded', 'false');
    expect(barrio()).toHaveValue('cen');
    expect(barrio()).toHaveFocus();
    // Down opens the list again.
    await user.keyboard('{ArrowDown}');
    expect(barrio()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox')).toBeVisible();
  });

  it('shows the previous figures while a new quote is on its way', async () => {
    const content = makeZonedContent((c) => {
      c.checkout.paymentInfo.cashOnDelivery.additionalFee = 500;
    });
    const server = quoteServer(content, [serverProduct]);
    const slow = deferred<void>();
    const { user } = setup(content, {
      'POST /checkout/quote': async (request) => {
        if (bodyOf(request).paymentMethod === 'transfer') await slow.promise;
        return server(request);
      },
    });
    const figures = () => summary().querySelector('dl.totals');
    await waitFor(() => expect(within(summary()).getByTestId('summary-total')).toHaveTextContent('$35.500'));
    expect(figures()).not.toHaveAttribute('aria-busy');
    await user.click(screen.getByRole('radio', { name: /Transferencia/ }));
    // The cash figures stay, marked busy, until the transfer's quote arrives.
    expect(figures()).toHaveAttribute('aria-busy', 'true');
    expect(within(summary()).getByTestId('summary-total')).toHaveTextContent('$35.500');
    slow.resolve();
    await waitFor(() => expect(within(summary()).getByTestId('summary-total')).toHaveTextContent('$35.000'));
    expect(figures()).not.toHaveAttribute('aria-busy');
    expect(within(summary()).queryByTestId('summary-cash-fee')).not.toBeInTheDocument();
  });

  it("shows a 400 of the quote near the delivery choice and disables 'Confirmar Pedido', keeping what was typed", async () => {
    const message = 'Stock insuficiente para "Conjunto Encaje" en talla M (quedan 1)';
    const { user, requests } = setup(makeContent(), { 'POST /checkout/quote': { status: 400, data: { message } } });
    await user.type(screen.getByLabelText('Nombre completo *'), 'Ana Pérez');
    const problem = await screen.findByTestId('quote-problem');
    expect(problem).toHaveAttribute('role', 'alert');
    expect(problem).toHaveTextContent(message);
    expect(screen.getByTestId('delivery-step')).toContainElement(problem);
    const confirm = screen.getByRole('button', { name: 'Confirmar Pedido' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription(`${message} Revisá la entrega para poder confirmar el pedido.`);
    expect(within(summary()).getByTestId('summary-total')).toHaveTextContent('—');
    expect(screen.getByLabelText('Nombre completo *')).toHaveValue('Ana Pérez');
    await user.click(confirm);
    expect(requests.some((r) => r.url === '/orders')).toBe(false);
  });

  it('works the figures out here, zone included, when the quote cannot be reached', async () => {
    const { user } = setup(makeZonedContent(), { 'POST /checkout/quote': 'network' });
    await chooseHomeDelivery(user);
    await user.type(barrio(), 'Santa Genoveva');
    expect(screen.getByTestId('zone-result')).toHaveTextContent('Neuquén Centro');
    // The cart's own prices (18.000) and the zone's cost.
    await waitFor(() => expect(within(summary()).getByTestId('summary-total')).toHaveTextContent('$38.000'));
    expect(within(summary()).getByTestId('summary-shipping')).toHaveTextContent('$2.000');
    expect(screen.getByTestId('summary-estimate')).toHaveTextContent('Importes estimados: se confirman al hacer el pedido.');
    expect(screen.getByRole('button', { name: 'Confirmar Pedido' })).toBeEnabled();
  });
});

describe('checkout: pickup places', () => {
  it('offers the enabled meeting points with their details, the first chosen, and sends the chosen one', async () => {
    const created = makeOrder();
    const { user, requests } = setup(makeZonedContent(), {
      'POST /orders': { status: 201, data: { order: created, orderNumber: created.orderNumber } },
    });
    const group = await screen.findByRole('group', { name: '¿Dónde lo retirás?' });
    const points = within(group).getAllByRole('radio');
    expect(points).toHaveLength(2);
    const plaza = within(group).getByRole('radio', { name: /Plaza Central/ });
    expect(plaza).toBeChecked();
    expect(plaza).toHaveAccessibleName(expect.stringContaining('Av. Argentina y Roca'));
    expect(group).toHaveTextContent('Lunes a viernes de 10 a 18');
    expect(group).toHaveTextContent('Frente a la fuente');
    expect(group).not.toHaveTextContent('Estación de ómnibus');
    await waitFor(() => expect(quotes(requests).at(-1)).toMatchObject({ deliveryType: 'pickup', meetingPointId: 'plaza' }));
    // Nothing was priced with the defaults' place while the shop's options were loading.
    expect(quotes(requests).map((q) => q.meetingPointId)).toEqual(['plaza']);

    await user.click(within(group).getByRole('radio', { name: /Shopping Alto Comahue/ }));
    expect(within(group).getByRole('radio', { name: /Shopping Alto Comahue/ })).toBeChecked();
    await waitFor(() => expect(quotes(requests).at(-1)).toMatchObject({ meetingPointId: 'shopping' }));

    await user.type(screen.getByLabelText('Nombre completo *'), 'Ana Pérez');
    await user.type(screen.getByLabelText('Email *'), 'ana@example.com');
    await user.type(screen.getByLabelText('Teléfono *'), '2995551234');
    await user.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));
    await screen.findByTestId('elsewhere');
    expect(requests.find((r) => r.url === '/orders')?.body).toMatchObject({
      deliveryType: 'pickup',
      meetingPointId: 'shopping',
      shippingInfo: { address: 'Antártida Argentina 1111' },
    });
  });

  it('shows a single meeting point as before, with no choice to make', async () => {
    const { requests } = setup(makeContent(), {});
    const pickup = await screen.findByRole('radio', { name: /Plaza Central, Neuquén/ });
    expect(pickup).toBeChecked();
    expect(screen.queryByTestId('meeting-points')).not.toBeInTheDocument();
    // The shop's legacy single place is priced by its id.
    await waitFor(() => expect(quotes(requests).at(-1)).toMatchObject({ deliveryType: 'pickup', meetingPointId: 'principal' }));
  });
});
