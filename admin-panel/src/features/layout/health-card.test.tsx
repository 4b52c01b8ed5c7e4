import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { HealthCard } from './health-card';

const up = (latencyMs: number) => ({ status: 'up', latencyMs });
const down = { status: 'down', latencyMs: 2000 };

const AT = '2026-11-22T10:00:00.000Z';

/** Renders the card against a health endpoint that answers `status` with this report (uptime and time added). */
function renderCard(status: number, report: Record<string, unknown>) {
  mockApi({ 'GET /health': () => ({ status, data: { ...report, uptime: 5, timestamp: AT } }) });
  renderApp(<HealthCard />);
}

describe('backend health card', () => {
  it('shows connected with each part and its latency, and the time of the last check', async () => {
    renderCard(200, { status: 'ok', database: 'ok', checks: { database: up(3.27), redis: up(12.6) } });
    expect(await screen.findByText('Conectado')).toBeInTheDocument();
    expect(screen.getByTestId('health-part-database')).toHaveTextContent('Base de datos: 3,3 ms');
    expect(screen.getByTestId('health-part-redis')).toHaveTextContent('Redis: 13 ms');
    expect(screen.getByText(/Última verificación:/)).toBeInTheDocument();
  });

  it('names Redis as down when only Redis fails (the server still answers 200)', async () => {
    renderCard(200, { status: 'degraded', database: 'ok', checks: { database: up(2), redis: down }, message: 'No responde: Redis' });
    expect(await screen.findByText('Con fallas')).toBeInTheDocument();
    expect(screen.getByTestId('health-part-database')).toHaveTextContent('Base de datos: 2 ms');
    expect(screen.getByTestId('health-part-redis')).toHaveTextContent('Redis: Caído');
  });

  it('names the database as down from the 503 answer, without Redis when the shop does not use it', async () => {
    renderCard(503, { status: 'error', database: 'error', checks: { database: down }, message: 'No responde: la base de datos' });
    expect(await screen.findByText('Con fallas')).toBeInTheDocument();
    expect(screen.getByTestId('health-part-database')).toHaveTextContent('Base de datos: Caído');
    expect(screen.queryByTestId('health-part-redis')).not.toBeInTheDocument();
    expect(screen.queryByText('Conectado')).not.toBeInTheDocument();
  });

  it('shows disconnected when the API does not answer, and checks again on click', async () => {
    let upNow = false;
    const calls = mockApi({
      'GET /health': () =>
        upNow
          ? { data: { status: 'ok', database: 'ok', checks: { database: up(1) }, uptime: 5, timestamp: AT } }
          : { status: 502, data: { message: 'caído' } },
    });
    renderApp(<HealthCard />);
    expect(await screen.findByText('Desconectado')).toBeInTheDocument();
    expect(screen.getByText('El servidor no responde')).toBeInTheDocument();
    expect(screen.queryByTestId('health-part-database')).not.toBeInTheDocument();
    upNow = true;
    await userEvent.setup().click(screen.getByTestId('health-card'));
    expect(await screen.findByText('Conectado')).toBeInTheDocument();
    expect(screen.queryByText('El servidor no responde')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/health')).toHaveLength(2);
  });
});
