import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MERCADOLIBRE_CALLBACK_ERRORS, type MercadoLibreChannelAnswer } from '@shop/shared';
import { mercadoLibreChannel } from '@/test/fixtures';
import { renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { MercadoLibrePage } from './mercadolibre-page';

const DISCONNECTED = mercadoLibreChannel(false);
const CONNECTED = mercadoLibreChannel();

afterEach(() => vi.restoreAllMocks());

describe('Canales › Mercado Libre', () => {
  it('shows the connected account, and disconnects only after the confirmation', async () => {
    signInStorage();
    let channel = CONNECTED;
    const calls = mockApi({
      'GET /channels/mercadolibre': () => ({ data: channel }),
      'DELETE /channels/mercadolibre': () => {
        channel = DISCONNECTED;
        return { data: { message: 'La cuenta de Mercado Libre quedó desconectada' } };
      },
    });
    renderApp(<MercadoLibrePage />, { route: '/channels/mercadolibre?connected=1' });
    expect(await screen.findByTestId('meli-nickname')).toHaveTextContent('JAZMINLENCERIA');
    expect(screen.getByText('Cuenta de Mercado Libre conectada')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Desconectar' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Desconectar' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Desconectar' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Conectar' })).toBeInTheDocument();
  });

  it('says why the connection failed, and saves the settings as typed', async () => {
    signInStorage();
    const calls = mockApi({
      'GET /channels/mercadolibre': () => ({ data: DISCONNECTED }),
      'PUT /channels/mercadolibre/settings': (request) => ({
        data: { ...DISCONNECTED, settings: request.body as MercadoLibreChannelAnswer['settings'] },
      }),
    });
    renderApp(<MercadoLibrePage />, { route: '/channels/mercadolibre?error=state' });
    expect(await screen.findByText(MERCADOLIBRE_CALLBACK_ERRORS.state)).toBeInTheDocument();
    const user = userEvent.setup();
    const percent = await screen.findByLabelText('Porcentaje sobre el precio web');
    await user.clear(percent);
    await user.type(percent, '15');
    await user.selectOptions(screen.getByLabelText('Tipo de publicación'), 'gold_pro');
    const buffer = screen.getByLabelText('Unidades reservadas por variante');
    await user.clear(buffer);
    await user.type(buffer, '2');
    await user.click(screen.getByRole('button', { name: 'Guardar ajustes' }));
    expect(await screen.findByText('Ajustes de Mercado Libre guardados')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      priceRule: { kind: 'percent', percent: 15 },
      listingType: 'gold_pro',
      safetyBuffer: 2,
    });
  });
});
