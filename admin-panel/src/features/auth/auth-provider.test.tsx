import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, ADMIN_USER, signInStorage } from '@/test/render';
import { mockApi, type MockRoutes } from '@/test/mock-api';
import { useAuth } from './auth-context';
import { RENEW_EVERY_MS } from './auth-provider';

function SessionProbe() {
  const { user, token, logout } = useAuth();
  return (
    <div>
      <p>{user ? `Sesión de ${user.email}` : 'Sin sesión'}</p>
      <p data-testid="token">{token ?? ''}</p>
      <button type="button" onClick={() => logout()}>
        Salir
      </button>
    </div>
  );
}

const checkRoute: MockRoutes = { 'GET /auth/check': () => ({ data: { user: ADMIN_USER } }) };

describe('AuthProvider', () => {
  it('signing out ends the token on the server too', async () => {
    signInStorage();
    const calls = mockApi({ ...checkRoute, 'POST /auth/logout': () => ({ data: { message: 'Sesión cerrada' } }) });
    renderApp(<SessionProbe />);
    expect(await screen.findByText(`Sesión de ${ADMIN_USER.email}`)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Salir' }));
    expect(await screen.findByText('Sin sesión')).toBeInTheDocument();
    expect(window.localStorage.getItem('adminToken')).toBeNull();
    expect(calls.filter((c) => c.url === '/auth/logout')).toHaveLength(1);
  });

  it('renews the token while the back office stays open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      signInStorage();
      const calls = mockApi({ ...checkRoute, 'POST /auth/renew': () => ({ data: { token: 'token-renovado', user: ADMIN_USER } }) });
      renderApp(<SessionProbe />);
      expect(await screen.findByText(`Sesión de ${ADMIN_USER.email}`)).toBeInTheDocument();
      expect(calls.some((c) => c.url === '/auth/renew')).toBe(false);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(RENEW_EVERY_MS + 10);
      });
      expect(await screen.findByText('token-renovado')).toBeInTheDocument();
      expect(window.localStorage.getItem('adminToken')).toBe('token-renovado');
    } finally {
      vi.useRealTimers();
    }
  });
});
