import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DELIVERY_MSG, ZONE_REFUSALS, siteContentSchema, type SiteContent } from '@shop/shared';
import { renderApp, signInStorage } from '@/test/render';
import { mockContentApi } from '@/test/mock-api';
import { contentFixture, zoneFixture } from '@/test/fixtures';
import { ContentEditorPage } from '../content-editor-page';

function deliveryContent(): SiteContent {
  const content = contentFixture();
  content.checkout.shipping.homeDelivery.zones = [
    zoneFixture('centro', 'Centro', 2000, {
      barrios: ['Centro', 'Área Centro Este'],
      postalCodes: ['8300'],
      freeShippingThreshold: 30000,
      estimatedDays: '24 horas',
    }),
    zoneFixture('oeste', 'Oeste', 3500, { barrios: ['Villa Farrell'] }),
  ];
  content.checkout.deliveryInfo.meetingPoints = [
    { id: 'plaza', title: 'Plaza Huincul', address: 'Av. Argentina 100', schedule: 'Lunes a viernes de 10 a 18', notes: '', enabled: true },
  ];
  return content;
}

async function openDeliveryTab() {
  signInStorage();
  const calls = mockContentApi(deliveryContent());
  renderApp(<ContentEditorPage />, { route: '/content', path: '/content' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Envíos' }));
  return { calls, user };
}

/** One zone or meeting point of the editor, found by its title. */
function item(title: string): HTMLElement {
  const li = screen.getByRole('button', { name: `Quitar ${title}` }).closest('li');
  if (!li) throw new Error(`no item ${title}`);
  return li;
}

const chips = (zone: string, list = 'Barrios') =>
  within(within(item(zone)).getByRole('list', { name: `${list} cargados` }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

const putBody = (calls: Awaited<ReturnType<typeof openDeliveryTab>>['calls']) => {
  const put = calls.find((c) => c.method === 'PUT');
  return put ? siteContentSchema.parse(put.body) : null;
};

async function save(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
}

describe('content editor: Envíos', () => {
  it('adds barrios as chips with Enter, a comma or a pasted list, ignoring repeats, and removes them by name', async () => {
    const { user, calls } = await openDeliveryTab();
    const input = within(item('Oeste')).getByLabelText('Barrios');

    await user.type(input, 'Belgrano{Enter}');
    await user.type(input, 'Santa Genoveva,');
    expect(chips('Oeste')).toEqual(['Villa Farrell', 'Belgrano', 'Santa Genoveva']);
    expect(input).toHaveValue('');

    await user.click(input);
    await user.paste('Melipal, BELGRANO, Rincón de Emilio,  ,Villa farrell');
    expect(chips('Oeste')).toEqual(['Villa Farrell', 'Belgrano', 'Santa Genoveva', 'Melipal', 'Rincón de Emilio']);
    expect(within(item('Oeste')).getByText('Ya estaba en la lista: BELGRANO, Villa farrell')).toHaveAttribute('role', 'status');

    await user.click(within(item('Oeste')).getByRole('button', { name: 'Quitar barrio Santa Genoveva' }));
    expect(chips('Oeste')).toEqual(['Villa Farrell', 'Belgrano', 'Melipal', 'Rincón de Emilio']);
    expect(input).toHaveFocus();

    // Postal codes are kept as written on an envelope; one that is not letters and digits is refused.
    const codes = within(item('Oeste')).getByLabelText('Códigos postales');
    await user.type(codes, 'q8324 abc{Enter}83-00{Enter}');
    expect(chips('Oeste', 'Códigos postales')).toEqual(['Q8324ABC']);
    expect(within(item('Oeste')).getByRole('alert')).toHaveTextContent(DELIVERY_MSG.postalCode);
    // The refused entry stays in the input, to be fixed.
    expect(codes).toHaveValue('83-00');
    expect(codes).toBeInvalid();
    await user.clear(codes);
    await user.type(codes, '8316,');
    expect(chips('Oeste', 'Códigos postales')).toEqual(['Q8324ABC', '8316']);
    expect(codes).toBeValid();

    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await save(user);
    await screen.findByText('Contenido actualizado exitosamente!');
    expect(putBody(calls)?.checkout.shipping.homeDelivery.zones[1]).toMatchObject({
      id: 'oeste',
      barrios: ['Villa Farrell', 'Belgrano', 'Melipal', 'Rincón de Emilio'],
      postalCodes: ['Q8324ABC', '8316'],
    });
  });

  it('reorders, disables and adds zones and meeting points; new ones take an id from their name', async () => {
    const { user, calls } = await openDeliveryTab();
    const zones = screen.getByTestId('zones-editor');
    expect(screen.getByRole('button', { name: 'Subir Centro' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Bajar Centro' }));
    const order = () => within(zones).getAllByRole('button', { name: /^Quitar (Centro|Oeste)$/ });
    expect(order().map((button) => button.getAttribute('aria-label'))).toEqual(['Quitar Oeste', 'Quitar Centro']);

    await user.click(within(item('Centro')).getByLabelText('Zona habilitada'));
    expect(within(item('Centro')).getByText('Deshabilitada')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Agregar zona' }));
    const added = item('Zona 3');
    await user.type(within(added).getByLabelText(/Nombre de la zona/), 'Neuquén Oeste');
    const zone = item('Neuquén Oeste');
    expect(within(zone).getByText('neuquen-oeste')).toBeInTheDocument();
    const cost = within(zone).getByLabelText('Costo de envío ($)');
    await user.clear(cost);
    await user.type(cost, '4a5-00');
    expect(cost).toHaveValue('4.500');

    await user.click(screen.getByRole('button', { name: 'Agregar punto de encuentro' }));
    await user.type(within(item('Punto 2')).getByLabelText('Título'), 'Shopping Alto Comahue');
    await user.click(screen.getByRole('button', { name: 'Subir Shopping Alto Comahue' }));
    await user.type(within(item('Shopping Alto Comahue')).getByLabelText('Horario'), 'Sábados 11 a 13');

    await save(user);
    await screen.findByText('Contenido actualizado exitosamente!');
    const body = putBody(calls);
    expect(body?.checkout.shipping.homeDelivery.zones.map((z) => [z.id, z.enabled])).toEqual([
      ['oeste', true],
      ['centro', false],
      ['neuquen-oeste', true],
    ]);
    expect(body?.checkout.shipping.homeDelivery.zones[2]).toMatchObject({ name: 'Neuquén Oeste', cost: 4500, freeShippingThreshold: 0 });
    expect(body?.checkout.deliveryInfo.meetingPoints.map((p) => p.id)).toEqual(['shopping-alto-comahue', 'plaza']);
    expect(body?.checkout.deliveryInfo.meetingPoints[0]).toMatchObject({ schedule: 'Sábados 11 a 13', enabled: true });
  });

  it('keeps a saved zone id when the zone is renamed', async () => {
    const { user, calls } = await openDeliveryTab();
    const name = within(item('Centro')).getByLabelText(/Nombre de la zona/);
    await user.clear(name);
    await user.type(name, 'Microcentro');
    expect(within(item('Microcentro')).getByText('centro')).toBeInTheDocument();
    await save(user);
    await screen.findByText('Contenido actualizado exitosamente!');
    expect(putBody(calls)?.checkout.shipping.homeDelivery.zones[0]).toMatchObject({ id: 'centro', name: 'Microcentro' });
  });

  it('shows what the server would refuse before saving, and does not send it', async () => {
    const { user, calls } = await openDeliveryTab();
    expect(screen.queryByTestId('delivery-problems')).not.toBeInTheDocument();
    await user.type(within(item('Oeste')).getByLabelText('Barrios'), 'centro{Enter}');
    const problems = screen.getByTestId('delivery-problems');
    expect(problems).toHaveAttribute('role', 'alert');
    expect(problems).toHaveTextContent(DELIVERY_MSG.barrioInTwoZones('centro', 'Centro', 'Oeste'));

    await user.click(screen.getByRole('button', { name: 'Agregar zona' }));
    expect(screen.getByTestId('delivery-problems')).toHaveTextContent(DELIVERY_MSG.zoneName);

    // The save bar says so from any tab, and saving is refused with the focus on the problems.
    await user.click(screen.getByRole('tab', { name: 'Sección Inicial' }));
    await user.click(screen.getByRole('button', { name: '2 problemas en «Envíos»' }));
    expect(screen.getByRole('tab', { name: 'Envíos' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getByTestId('delivery-problems')).toHaveFocus());
    await user.click(screen.getByRole('tab', { name: 'Sección Inicial' }));
    await save(user);
    expect(await screen.findByText(/No se pueden guardar los cambios de «Envíos»/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('delivery-problems')).toHaveFocus());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    // A disabled zone may share barrios; a named zone is fine.
    await user.click(within(item('Oeste')).getByLabelText('Zona habilitada'));
    await user.type(within(item('Zona 3')).getByLabelText(/Nombre de la zona/), 'Sur');
    expect(screen.queryByTestId('delivery-problems')).not.toBeInTheDocument();
    await save(user);
    await screen.findByText('Contenido actualizado exitosamente!');
    expect(putBody(calls)?.checkout.shipping.homeDelivery.zones.map((z) => z.id)).toEqual(['centro', 'oeste', 'sur']);
  });

  it('previews what a customer of a barrio or postal code pays, with the zones being edited', async () => {
    const { user } = await openDeliveryTab();
    const preview = screen.getByTestId('delivery-preview');
    const result = within(preview).getByRole('status');
    const place = within(preview).getByLabelText('Barrio o código postal');
    const subtotal = within(preview).getByLabelText('Subtotal del pedido ($)');
    expect(result).toHaveTextContent('Escribí un barrio o un código postal');

    await user.type(place, 'area centro este');
    expect(result).toHaveTextContent('ZonaCentro');
    expect(result).toHaveTextContent('Envío$2.000 (gratis desde $30.000)');
    expect(result).toHaveTextContent('Total con envío$22.000');

    await user.clear(subtotal);
    await user.type(subtotal, '30000');
    expect(result).toHaveTextContent('EnvíoGratis');

    await user.clear(place);
    await user.type(place, 'Q8300XYZ');
    expect(result).toHaveTextContent('ZonaCentro');

    await user.clear(place);
    await user.type(place, 'Cipolletti');
    expect(result).toHaveTextContent(ZONE_REFUSALS.outOfZone);

    // The preview follows the draft: a disabled zone does not price, and says so.
    await user.clear(place);
    await user.type(place, 'Villa Farrell');
    expect(result).toHaveTextContent('Envío$3.500');
    await user.click(within(item('Oeste')).getByLabelText('Zona habilitada'));
    await waitFor(() => expect(result).toHaveTextContent('«Oeste», que está deshabilitada'));
  });
});
