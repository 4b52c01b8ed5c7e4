import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShippingSettingsAnswer } from '@shop/shared';
import { renderApp, signInStorage } from '@/test/render';
import { bodyOf, mockApi } from '@/test/mock-api';
import { contentFixture } from '@/test/fixtures';
import { ShippingSettingsPanel } from './shipping-settings';

const SETTINGS: ShippingSettingsAnswer = {
  carriers: {
    'correo-argentino': { enabled: false, configured: false, handlingFee: 0, handlingPercent: 0 },
    andreani: { enabled: true, configured: true, handlingFee: 300, handlingPercent: 0 },
  },
  originPostalCode: '8300',
  returnAddress: null,
  flatRate: null,
  freeShippingFrom: null,
  defaultParcel: { weight: 500, length: 30, width: 20, height: 10 },
  categoryParcels: {},
};

describe('Configuración › Envíos nacionales', () => {
  it('sends the credentials typed (write-only), the fees and the flat rate; stored credentials are never shown', async () => {
    signInStorage();
    const calls = mockApi({
      'GET /shipping/settings': () => ({ data: SETTINGS }),
      'PUT /shipping/settings': () => ({
        data: {
          ...SETTINGS,
          carriers: { ...SETTINGS.carriers, 'correo-argentino': { enabled: true, configured: true, handlingFee: 500, handlingPercent: 0 } },
          flatRate: 6500,
        },
      }),
    });
    renderApp(<ShippingSettingsPanel />);
    const user = userEvent.setup();
    expect(await screen.findByText('Los datos de acceso están guardados. Dejá los campos vacíos para no cambiarlos.')).toBeInTheDocument();
    for (const input of screen.getAllByLabelText('Contraseña')) expect(input).toHaveValue('');
    await user.click(screen.getByLabelText('Cotizar con Correo Argentino'));
    await user.type(screen.getByLabelText('Número de cliente (MiCorreo)'), '0001234567');
    await user.type(screen.getByLabelText('Usuario', { selector: '#ship-correo-argentino-user' }), 'tienda');
    await user.type(screen.getByLabelText('Contraseña', { selector: '#ship-correo-argentino-password' }), 'secreto');
    await user.clear(screen.getByLabelText('Cargo de preparación ($)', { selector: '#ship-correo-argentino-fee' }));
    await user.type(screen.getByLabelText('Cargo de preparación ($)', { selector: '#ship-correo-argentino-fee' }), '500');
    await user.type(screen.getByLabelText('Tarifa plana nacional ($, si ningún correo responde)'), '6500');
    await user.click(screen.getByRole('button', { name: 'Guardar envíos' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Envíos nacionales guardados');
    const put = calls.find((c) => c.method === 'PUT');
    expect(bodyOf(put!)).toEqual({
      carriers: {
        'correo-argentino': {
          enabled: true,
          handlingFee: 500,
          handlingPercent: 0,
          credentials: { customerId: '0001234567', user: 'tienda', password: 'secreto' },
        },
        andreani: { enabled: true, handlingFee: 300, handlingPercent: 0 },
      },
      originPostalCode: '8300',
      flatRate: 6500,
      freeShippingFrom: null,
      defaultParcel: { weight: 500, length: 30, width: 20, height: 10 },
      categoryParcels: {},
      returnAddress: null,
    });
    // After saving, the typed password is gone from the form.
    await waitFor(() => expect(screen.getByLabelText('Contraseña', { selector: '#ship-correo-argentino-password' })).toHaveValue(''));
  });

  it('sends the parcel of a category, and refuses one half filled', async () => {
    signInStorage();
    const calls = mockApi({
      'GET /shipping/settings': () => ({ data: SETTINGS }),
      'GET /content': () => ({ data: { content: contentFixture() } }),
      'PUT /shipping/settings': (req) => ({
        data: { ...SETTINGS, categoryParcels: (bodyOf(req) as ShippingSettingsAnswer).categoryParcels },
      }),
    });
    renderApp(<ShippingSettingsPanel />);
    const user = userEvent.setup();
    const legend = await screen.findByText('Paquete de la tienda (por unidad)');
    expect(legend).toBeInTheDocument();
    // The shop's categories, each with its four measures.
    await waitFor(() => expect(screen.getAllByLabelText('Peso (g)').length).toBeGreaterThan(1));
    const weights = screen.getAllByLabelText('Peso (g)');
    const category = weights[1]!;
    const group = category.closest('fieldset')!;
    await user.type(category, '250');
    await user.click(screen.getByRole('button', { name: 'Guardar envíos' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Completá las cuatro medidas del paquete de .+, o dejalas vacías/);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    const [, length, width, height] = Array.from(group.querySelectorAll('input'));
    await user.type(length!, '25');
    await user.type(width!, '18');
    await user.type(height!, '4');
    await user.click(screen.getByRole('button', { name: 'Guardar envíos' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Envíos nacionales guardados');
    const put = bodyOf(calls.find((c) => c.method === 'PUT')!) as { categoryParcels: Record<string, unknown> };
    expect(Object.values(put.categoryParcels)).toEqual([{ weight: 250, length: 25, width: 18, height: 4 }]);
  });

  it('refuses half-filled credentials before sending them', async () => {
    signInStorage();
    const calls = mockApi({ 'GET /shipping/settings': () => ({ data: SETTINGS }) });
    renderApp(<ShippingSettingsPanel />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Número de cliente (MiCorreo)'), '0001234567');
    await user.click(screen.getByRole('button', { name: 'Guardar envíos' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Completá todos los datos de acceso de Correo Argentino');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("sends the shop's return address for withdrawals, and refuses one half filled", async () => {
    signInStorage();
    const calls = mockApi({
      'GET /shipping/settings': () => ({ data: SETTINGS }),
      'PUT /shipping/settings': (req) => ({ data: { ...SETTINGS, returnAddress: (bodyOf(req) as ShippingSettingsAnswer).returnAddress } }),
    });
    renderApp(<ShippingSettingsPanel />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Calle'), 'Av. Argentina');
    await user.click(screen.getByRole('button', { name: 'Guardar envíos' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Completá la dirección para devoluciones/);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.type(screen.getByLabelText('Número'), '100');
    await user.type(screen.getByLabelText('Localidad'), 'Neuquén');
    await user.selectOptions(screen.getByLabelText('Provincia'), 'AR-Q');
    await user.type(screen.getByLabelText('Código postal'), '8300');
    await user.type(screen.getByLabelText('Teléfono del local'), '+54 9 299 555-0000');
    await user.click(screen.getByRole('button', { name: 'Guardar envíos' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Envíos nacionales guardados');
    const put = bodyOf(calls.find((c) => c.method === 'PUT')!) as ShippingSettingsAnswer;
    expect(put.returnAddress).toEqual({
      street: 'Av. Argentina',
      number: '100',
      locality: 'Neuquén',
      province: 'AR-Q',
      postalCode: '8300',
      phone: '+54 9 299 555-0000',
    });
  });
});
