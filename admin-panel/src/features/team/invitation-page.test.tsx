import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MIN_PASSWORD_LENGTH, MSG } from '@shop/shared';
import { renderApp } from '@/test/render';
import { mockApi, type MockRoutes } from '@/test/mock-api';
import { InvitationPage } from './invitation-page';

const TOKEN = '7.c2VjcmV0by1kZS1sYS1pbnZpdGFjaW9u';

/** The public page of an invitation link, nobody signed in. */
function setup(route: string, routes: MockRoutes = {}) {
  window.localStorage.clear();
  const calls = mockApi({
    'POST /auth/invitation': () => ({ data: { message: MSG.invitation.accepted } }),
    ...routes,
  });
  renderApp(<InvitationPage />, { route, path: '/invitation' });
  return { calls, user: userEvent.setup() };
}

describe('Elegí tu contraseña (invitation link)', () => {
  it('sets her password with the token of the link, after checking the rules, then offers the sign-in', async () => {
    const { calls, user } = setup(`/invitation#${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Elegí tu contraseña' })).toHaveFocus();
    const password = screen.getByLabelText(/^Contraseña nueva/);
    const confirm = screen.getByLabelText(/^Repetir la contraseña/);
    expect(password).toHaveAttribute('autocomplete', 'new-password');

    await user.type(password, 'abc');
    await user.type(confirm, 'abd');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(password).toHaveAccessibleDescription(MSG.password.tooShort);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription(MSG.password.mismatch);
    expect(calls.some((c) => c.url === '/auth/invitation')).toBe(false);

    const chosen = 'x'.repeat(MIN_PASSWORD_LENGTH) + '-Mia1';
    await user.clear(password);
    await user.type(password, chosen);
    await user.clear(confirm);
    await user.type(confirm, chosen);
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('status')).toHaveTextContent(MSG.invitation.accepted);
    expect(calls.find((c) => c.url === '/auth/invitation')?.body).toEqual({ token: TOKEN, password: chosen });
    expect(screen.queryByLabelText(/^Contraseña nueva/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Pantalla de login')).toBeInTheDocument();
  });

  it("shows the server's refusal of a used or expired link, and keeps the form", async () => {
    const { user } = setup(`/invitation#${TOKEN}`, {
      'POST /auth/invitation': () => ({ status: 400, data: { message: MSG.invitation.expired } }),
    });
    const chosen = 'Mi-clave-propia-1';
    await user.type(await screen.findByLabelText(/^Contraseña nueva/), chosen);
    await user.type(screen.getByLabelText(/^Repetir la contraseña/), chosen);
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.invitation.expired);
    expect(screen.getByRole('button', { name: 'Guardar contraseña' })).toBeEnabled();
  });

  it('says at once that a link without its token is not valid', async () => {
    setup('/invitation');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.invitation.invalid);
  });
});
