import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_SHIPPING_MSG, checkoutOptionsOf, priceQuote, quoteInputSchema, type QuoteProduct, type SiteContent } from '@shop/shared';
import { makeContent, makeOrder } from '@/test/fixtures';
import { bodyOf, type RecordedRequest } from '@/test/mock-api';
import { fillPersonalData, renderCheckout } from './checkout-test-setup';

/** The carriers' options the fake server quotes for any national address (ids stand for the signed ones). */
const OPTIONS = [
  { id: 'sig-andreani-branch', carrier: 'andreani', service: 'Estándar', type: 'branch', price: 6200, days: { min: 3, max: 6 } },
  { id: 'sig-andreani-door', carrier: 'andreani', service: 'Estándar', type: 'door', price: 7400, days: { min: 2, max: 5 } },
];
const UNAVAILABLE = [{ carrier: 'correo-argentino', message: 'Correo Argentino no está disponible en este momento' }];
const BRANCHES = [
  { id: 'CBA-01', name: 'Córdoba Centro', address: 'Av. Colón 500, Córdoba', hours: 'Lun a Vie 09:00 a 18:00' },
  { id: 'CBA-02', name: 'Córdoba Nueva Córdoba', address: 'Bv. Illia 300, Córdoba', hours: 'Lun a Sáb 09:00 a 13:00' },
];
const product: QuoteProduct = { id: 'p1', title: 'Conjunto Encaje', price: 18000, active: true, sizes: ['M'] };

/** POST /checkout/quote: the shop's pricing, and for a national delivery the options above (the chosen one priced). */
function quoteServer(content: SiteContent, local: { postalCode: string } | null = null) {
  const options = checkoutOptionsOf(content);
  return (request: RecordedRequest) => {
    const input = quoteInputSchema.parse(bodyOf(request));
    const chosen = OPTIONS.find((o) => o.id === input.shippingOptionId);
    const quote = priceQuote(
      { ...input, deliveryType: input.deliveryType ?? 'pickup', carrierShipping: chosen ? { price: chosen.price } : null },
      new Map([[product.id, product]]),
      options,
    );
    if (input.deliveryType !== 'carrier') return { status: 200, data: { quote } };
    const inZones = local !== null && input.address?.postalCode === local.postalCode;
    const localDelivery = inZones
      ? {
          message: 'Tu código postal está dentro de nuestra zona de Neuquén',
          zone: { id: 'c', name: 'Centro', cost: 2500, estimatedDays: '24 h' },
          pickup: true,
        }
      : null;
    return { status: 200, data: { quote, shippingOptions: OPTIONS, unavailable: UNAVAILABLE, localDelivery } };
  };
}

function setup(routes: Record<string, unknown> = {}, local: { postalCode: string } | null = null) {
  const content = makeContent();
  return renderCheckout(
    { content },
    {
      'GET /shipping/availability': { status: 200, data: { national: true, carriers: ['andreani', 'correo-argentino'] } },
      'GET /shipping/branches': { status: 200, data: { branches: BRANCHES } },
      'POST /checkout/quote': quoteServer(content, local),
      ...(routes as Parameters<typeof renderCheckout>[1]),
    },
  );
}

const confirm = () => screen.getByRole('button', { name: 'Confirmar Pedido' });

describe('checkout: Envío a todo el país', () => {
  it('asks the national address, checks the postal code against the province, and shows the options with price and days', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('radio', { name: /Envío a todo el país/ }));
    const options = screen.getByTestId('carrier-options');
    expect(options).toHaveTextContent('Completá el código postal y la provincia');
    expect(confirm()).toBeDisabled();

    await user.type(screen.getByRole('textbox', { name: /Código postal/ }), 'X5000ABC');
    const province = screen.getByRole('combobox', { name: /Provincia/ });
    // The 24 jurisdictions, by name.
    expect(within(province).getAllByRole('option')).toHaveLength(25);
    await user.selectOptions(province, 'Buenos Aires');
    expect(await screen.findByTestId('postal-code-problem')).toHaveTextContent('El CPA X5000ABC es de Córdoba, no de Buenos Aires');

    await user.selectOptions(province, 'Córdoba');
    const door = await screen.findByRole('radio', { name: /Andreani Estándar.*A domicilio.*2 a 5 días hábiles.*\$7\.400/ });
    expect(screen.getByRole('radio', { name: /Andreani Estándar.*A sucursal.*3 a 6 días hábiles.*\$6\.200/ })).toBeInTheDocument();
    expect(screen.getByTestId('carrier-unavailable')).toHaveTextContent('Correo Argentino no está disponible en este momento');
    expect(screen.getByTestId('checkout-blocked')).toHaveTextContent(CHECKOUT_SHIPPING_MSG.option);
    const summary = screen.getByTestId('order-summary');
    // No option chosen yet: the shipping is to be calculated, never shown as free.
    expect(within(summary).getByTestId('summary-shipping')).toHaveTextContent('A calcular');

    await user.click(door);
    await waitFor(() => expect(within(summary).getByTestId('summary-shipping')).toHaveTextContent('$7.400'));
    expect(confirm()).toBeEnabled();
  });

  it('a branch option asks for the branch (name, address, hours) and sends the order with the option and the branch', async () => {
    const created = makeOrder({ deliveryType: 'carrier', shippingInfo: { ...makeOrder().shippingInfo, email: 'ana@example.com' } });
    const { user, requests } = setup({ 'POST /orders': { status: 201, data: { order: created, orderNumber: created.orderNumber } } });
    await user.click(await screen.findByRole('radio', { name: /Envío a todo el país/ }));
    await user.type(screen.getByRole('textbox', { name: /Código postal/ }), '5000');
    await user.selectOptions(screen.getByRole('combobox', { name: /Provincia/ }), 'Córdoba');
    await user.click(await screen.findByRole('radio', { name: /A sucursal/ }));

    const picker = await screen.findByTestId('branch-picker');
    expect(picker).toHaveAccessibleName('¿En qué sucursal de Andreani lo retirás?');
    const branch = await within(picker).findByRole('radio', { name: /Córdoba Centro.*Av\. Colón 500, Córdoba.*Lun a Vie 09:00 a 18:00/ });
    expect(screen.getByTestId('checkout-blocked')).toHaveTextContent(CHECKOUT_SHIPPING_MSG.branch);
    const asked = requests.find((r) => r.url === '/shipping/branches');
    expect(asked?.params).toEqual({ carrier: 'andreani', postalCode: '5000', province: 'AR-X' });
    await user.click(branch);
    await waitFor(() => expect(confirm()).toBeEnabled());

    await fillPersonalData(user);
    // The street is asked on confirming: its error names the field and takes the focus.
    await user.click(confirm());
    const street = screen.getByRole('textbox', { name: /Localidad/ });
    await waitFor(() => expect(street).toHaveFocus());
    expect(street).toHaveAccessibleDescription('Ingresá la localidad');
    await user.type(street, 'Córdoba');
    await user.type(screen.getByRole('textbox', { name: /^Calle/ }), 'Bv. San Juan');
    await user.type(screen.getByRole('textbox', { name: /^Número/ }), '450');
    await user.type(screen.getByRole('textbox', { name: /Piso/ }), '3');
    await user.click(confirm());

    await screen.findByTestId('elsewhere');
    const order = requests.find((r) => r.url === '/orders');
    expect(order?.body).toMatchObject({
      deliveryType: 'carrier',
      shippingOptionId: 'sig-andreani-branch',
      branchId: 'CBA-01',
      address: { street: 'Bv. San Juan', number: '450', floor: '3', locality: 'Córdoba', province: 'AR-X', postalCode: '5000' },
      shippingInfo: { fullName: 'Ana Pérez', city: 'Córdoba' },
    });
  });

  it('a postal code inside the Neuquén zones offers the local choices first', async () => {
    const { user } = setup({}, { postalCode: '8300' });
    await user.click(await screen.findByRole('radio', { name: /Envío a todo el país/ }));
    await user.type(screen.getByRole('textbox', { name: /Código postal/ }), '8300');
    await user.selectOptions(screen.getByRole('combobox', { name: /Provincia/ }), 'Neuquén');
    const local = await screen.findByTestId('local-first');
    expect(local).toHaveTextContent('dentro de nuestra zona de Neuquén');
    await user.click(within(local).getByRole('button', { name: 'Elegir envío o retiro en Neuquén' }));
    expect(screen.getByRole('radio', { name: /Envío a domicilio/ })).toBeChecked();
  });

  it('is not offered when the shop ships to no other province', async () => {
    setup({ 'GET /shipping/availability': { status: 200, data: { national: false, carriers: [] } } });
    await screen.findByRole('radio', { name: /Envío a domicilio/ });
    expect(screen.queryByRole('radio', { name: /Envío a todo el país/ })).not.toBeInTheDocument();
  });
});
