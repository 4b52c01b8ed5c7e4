import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { HealthCard } from './health-card';

describe('backend health card', () => {
  it('shows connected with the time of the last check', async () => {
    mockApi([{ method: 'GET', path: '/health', handler: () => ({ data: { status: 'ok', database: 'ok', uptime: 5 } }) }]);
    renderApp(<HealthCard />);
    expect(await screen.findByText('Conectado')).toBeInTheDocument();
    expect(screen.getByText(/Última verificación:/)).toBeInTheDocument();
  });

  it('shows disconnected when the API does not answer, and checks again on click', async () => {
    let up = false;
    const calls = mockApi([
      { method: 'GET', path: '/health', handler: () => (up ? { data: { status: 'ok' } } : { status: 503, data: { message: 'caído' } }) },
    ]);
    renderApp(<HealthCard />);
    expect(await screen.findByText('Desconectado')).toBeInTheDocument();
    up = true;
    await userEvent.setup().click(screen.getByTestId('health-card'));
    expect(await screen.findByText('Conectado')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/health')).toHaveLength(2);
  });
});
