import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GoLiveItem, StaffRole } from '@shop/shared';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { AdminLayout } from './admin-layout';

const AT = '2026-11-22T18:00:00.000Z';
const up = { status: 'up', latencyMs: 2 };
const down = { status: 'down', latencyMs: 2000 };

const line = (id: GoLiveItem['id'], ok: boolean | null): GoLiveItem => ({ id, ok, title: id, detail: id, action: ok ? '' : 'Hacelo.' });

/** The layout for `staffRole` with the server's health (`redisDown`: degraded) and a checklist missing `missing` lines. */
function renderLayout({
  staffRole = 'owner',
  redisDown = false,
  missing = 2,
}: {
  staffRole?: StaffRole;
  redisDown?: boolean;
  missing?: number;
}) {
  const user = { ...ADMIN_USER, staffRole };
  signInStorage(user);
  const items = [line('https', true), line('email', true), line('mercadopago', null)];
  const ids: GoLiveItem['id'][] = ['offsite', 'two-factor', 'backup'];
  for (const id of ids.slice(0, missing)) items.push(line(id, false));
  mockApi({
    'GET /auth/check': () => ({ data: { user } }),
    'GET /health': () => ({
      data: redisDown
        ? { status: 'degraded', database: 'ok', checks: { database: up, redis: down }, uptime: 5, timestamp: AT }
        : { status: 'ok', database: 'ok', checks: { database: up }, uptime: 5, timestamp: AT },
    }),
    'GET /health/checklist': { data: { items, backups: null, checkedAt: AT } },
  });
  renderApp(<AdminLayout />, { route: '/orders' });
}

const indicator = () => screen.getByRole('button', { name: /^Estado del Sistema: / });
const panel = () => screen.getByRole('region', { name: 'Estado del Sistema' });
/** Waits for the count (the session, the health and the checklist load first). */
const expectCount = (text: string) =>
  waitFor(() => expect(indicator()).toHaveAccessibleName(`Estado del Sistema: ${text}`), { timeout: 5_000 });

describe('the status indicator of the top bar (phones)', () => {
  it('counts what needs attention (the failing server and each missing checklist line) and controls the panel', async () => {
    renderLayout({ redisDown: true, missing: 2 });
    await expectCount('3 avisos');
    expect(indicator()).toHaveAttribute('aria-expanded', 'false');
    expect(indicator()).toHaveAttribute('aria-controls', 'system-status');
    expect(panel()).toHaveAttribute('id', 'system-status');
    expect(panel()).not.toHaveClass('system-status-open');
    expect(within(panel()).getByTestId('health-card')).toBeInTheDocument();
  });

  it('says 1 aviso for one missing line while the server is well', async () => {
    renderLayout({ missing: 1 });
    await expectCount('1 aviso');
  });

  it('says Sin avisos for a role without the checklist while the server is well', async () => {
    renderLayout({ staffRole: 'sales', missing: 3 });
    await screen.findByTestId('health-card');
    await expectCount('Sin avisos');
    expect(screen.queryByRole('button', { name: /Lista para abrir la tienda/ })).not.toBeInTheDocument();
  });

  it('opens with the keyboard, and Escape closes the panel and gives the focus back to the indicator', async () => {
    renderLayout({ missing: 2 });
    const user = userEvent.setup();
    await expectCount('2 avisos');
    indicator().focus();
    await user.keyboard('{Enter}');
    expect(indicator()).toHaveAttribute('aria-expanded', 'true');
    expect(panel()).toHaveClass('system-status-open');

    // In the panel (its go-live toggle), Escape closes the whole panel.
    within(panel())
      .getByRole('button', { name: /Lista para abrir la tienda/ })
      .focus();
    await user.keyboard('{Escape}');
    expect(indicator()).toHaveAttribute('aria-expanded', 'false');
    expect(panel()).not.toHaveClass('system-status-open');
    expect(indicator()).toHaveFocus();

    // Space opens it again, a second press closes it.
    await user.keyboard(' ');
    expect(indicator()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(indicator()).toHaveAttribute('aria-expanded', 'false');
  });
});
