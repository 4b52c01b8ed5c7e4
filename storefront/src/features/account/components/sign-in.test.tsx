import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '@shop/shared';
import { bodyOf, mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { ACCOUNT, accountRoutes } from '../test-answers';
import AccountPage from './account-page';

const signedOut = { status: 401, data: { message: ACCOUNT_MSG.noSession } };

describe('signing in to her account', () => {
  it('sends a code to her e-mail, then opens her account with it', async () => {
    let signedIn = false;
    const requests = mockApi({
      ...accountRoutes(),
      'GET /account': () => (signedIn ? { data: { account: ACCOUNT } } : signedOut),
      'POST /account/code': { status: 202, data: { message: ACCOUNT_MSG.codeSent } },
      'POST /account/session': () => {
        signedIn = true;
        return { data: { message: ACCOUNT_MSG.signedIn } };
      },
    });
    renderWithApp(<AccountPage />, { route: '/cuenta', path: '/cuenta' });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeInTheDocument();

    // A wrong e-mail is named at its field, tied to it, and nothing is sent.
    await user.type(await screen.findByLabelText('Tu e-mail'), 'ana@');
    await user.click(screen.getByRole('button', { name: 'Enviarme un código' }));
    expect(screen.getByLabelText('Tu e-mail')).toHaveAccessibleDescription(ACCOUNT_MSG.email);
    expect(requests.some((r) => r.url === '/account/code')).toBe(false);

    await user.type(screen.getByLabelText('Tu e-mail'), 'example.com');
    await user.click(screen.getByRole('button', { name: 'Enviarme un código' }));
    expect(await screen.findByTestId('account-code-status')).toHaveTextContent(ACCOUNT_MSG.codeSent);
    expect(screen.getByTestId('account-code-status')).toHaveAttribute('role', 'status');
    expect(bodyOf(requests.find((r) => r.url === '/account/code')!)).toEqual({ email: 'ana@example.com' });

    const code = screen.getByLabelText('Código de 6 dígitos');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText('Entraste como ana@example.com')).toBeInTheDocument();
    expect(bodyOf(requests.find((r) => r.url === '/account/session')!)).toEqual({ email: 'ana@example.com', code: '123456' });
    expect(localStorage.getItem('account-signed-in')).toBe('1');
    // The storefront keeps no token: the requests carry no Authorization header.
    expect(requests.every((r) => r.authorization === null)).toBe(true);
    expect(await screen.findByRole('heading', { level: 2, name: 'Tus compras' })).toBeInTheDocument();
  });

  it("shows a wrong code's message as an alert tied to the field, and asks for another code", async () => {
    const requests = mockApi({
      'GET /account': signedOut,
      'POST /account/code': { status: 202, data: { message: ACCOUNT_MSG.codeSent } },
      'POST /account/session': { status: 401, data: { message: ACCOUNT_MSG.badCode } },
    });
    // From the confirmation's "Guardar mis datos": the code was already sent and the field waits.
    renderWithApp(<AccountPage />, { route: '/cuenta?email=ana%40example.com&codigo=1', path: '/cuenta' });
    const user = userEvent.setup();
    const code = await screen.findByLabelText('Código de 6 dígitos');
    expect(screen.getByLabelText('Tu e-mail')).toHaveValue('ana@example.com');
    expect(screen.getByTestId('account-code-status')).toHaveTextContent(ACCOUNT_MSG.codeSent);

    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(code).toHaveAccessibleDescription(ACCOUNT_MSG.code);

    await user.type(code, '3456');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    const alert = await screen.findByTestId('account-code-error');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent(ACCOUNT_MSG.badCode);
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(ACCOUNT_MSG.badCode);
    expect(localStorage.getItem('account-signed-in')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Pedir otro código' }));
    await within(screen.getByTestId('account-sign-in')).findByText(ACCOUNT_MSG.codeSent);
    expect(requests.filter((r) => r.url === '/account/code')).toHaveLength(1);
    expect(screen.getByLabelText('Código de 6 dígitos')).toHaveValue('');
    expect(screen.queryByTestId('account-code-error')).not.toBeInTheDocument();
  });

  it('shows the rate limit refusal at the e-mail', async () => {
    mockApi({ 'GET /account': signedOut, 'POST /account/code': { status: 429, data: { message: ACCOUNT_MSG.codeRateLimited } } });
    renderWithApp(<AccountPage />, { route: '/cuenta?email=ana%40example.com', path: '/cuenta' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enviarme un código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MSG.codeRateLimited);
    expect(screen.queryByLabelText('Código de 6 dígitos')).not.toBeInTheDocument();
  });
});
