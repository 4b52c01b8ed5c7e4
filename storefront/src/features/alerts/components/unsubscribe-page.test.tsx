import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STOCK_ALERT_MSG } from '@shop/shared';
import { mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import UnsubscribePage from './unsubscribe-page';

const TOKEN = 'a1b2c3d4e5f6.signed';

function open(route: string, reply: { status: number; data: unknown }) {
  const requests = mockApi({ 'POST /stock-alerts/unsubscribe': reply });
  renderWithApp(<UnsubscribePage />, { route, path: '/avisame/baja' });
  return () => requests.filter((r) => r.url === '/stock-alerts/unsubscribe');
}

describe('stock alert unsubscribe page', () => {
  it('sends the token once and says which product and size she will not hear about', async () => {
    const sent = open(`/avisame/baja?token=${TOKEN}`, {
      status: 200,
      data: { message: STOCK_ALERT_MSG.unsubscribed, productTitle: 'Corpiño Encaje Negro', size: '90C' },
    });
    const done = await screen.findByTestId('unsubscribe-done');
    expect(done).toHaveTextContent(STOCK_ALERT_MSG.unsubscribed);
    expect(done).toHaveTextContent('Corpiño Encaje Negro, talle 90C');
    expect(screen.getByRole('link', { name: 'Volver a la tienda' })).toHaveAttribute('href', '/');
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.body).toEqual({ token: TOKEN });
  });

  it("shows the server's error text with the way back to the shop", async () => {
    const sent = open(`/avisame/baja?token=${TOKEN}`, { status: 400, data: { message: STOCK_ALERT_MSG.badToken } });
    expect(await screen.findByRole('alert')).toHaveTextContent(STOCK_ALERT_MSG.badToken);
    expect(screen.queryByTestId('unsubscribe-done')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a la tienda' })).toBeInTheDocument();
    expect(sent()).toHaveLength(1);
  });

  it('does not ask the server with a missing token', async () => {
    const sent = open('/avisame/baja', { status: 200, data: {} });
    expect(await screen.findByRole('alert')).toHaveTextContent(STOCK_ALERT_MSG.badToken);
    expect(sent()).toEqual([]);
  });
});
