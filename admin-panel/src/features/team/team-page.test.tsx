import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIMITS, type SiteContent, type StaffMember } from '@shop/shared';
import { contentFixture } from '@/test/fixtures';
import { renderApp, ADMIN_USER, signInStorage } from '@/test/render';
import { bodyOf, deferred, mockApi, type MockReply, type MockRoutes } from '@/test/mock-api';
import { TeamPage } from './team-page';

const LAST_OWNER = 'La tienda necesita al menos una dueña o dueño activo: nombrá a otra persona antes';

const member = (id: number, over: Partial<StaffMember>): StaffMember => ({
  id,
  name: `Persona ${id}`,
  email: `persona${id}@jazminlenceria.com.ar`,
  role: 'sales',
  active: true,
  twoFactorEnabled: false,
  lastSignInAt: null,
  ...over,
});

const team = () => [
  member(1, { name: 'Jazmín', email: ADMIN_USER.email, role: 'owner', twoFactorEnabled: true, lastSignInAt: '2026-11-22T18:05:00.000Z' }),
  member(2, { name: 'Lucía Ventas', email: 'lucia@jazminlenceria.com.ar' }),
  member(3, {
    name: 'Caro Catálogo',
    email: 'caro@jazminlenceria.com.ar',
    role: 'catalog',
    active: false,
    lastSignInAt: '2026-11-20T12:00:00.000Z',
  }),
];

/** The owner (account 1) on Equipo; the server keeps the list in memory and applies changes to it. */
function setup(routes: MockRoutes = {}) {
  signInStorage();
  let staff = team();
  const calls = mockApi({
    'GET /auth/check': () => ({ data: { user: ADMIN_USER } }),
    'GET /staff': () => ({ data: { staff } }),
    'POST /staff': (request) => {
      const body = bodyOf(request);
      const created = member(4, { name: String(body.name), email: String(body.email), role: 'catalog' });
      staff = [...staff, created];
      return { status: 201, data: { staff: created, invitationSent: false, temporaryPassword: 'Tmp-9xYz-a1' } };
    },
    'PUT /staff/*': (request) => {
      const id = Number(request.url.split('/').pop());
      staff = staff.map((m) => (m.id === id ? { ...m, ...bodyOf(request) } : m));
      return { data: { staff: staff.find((m) => m.id === id) } };
    },
    'DELETE /staff/*': (request) => {
      const id = Number(request.url.split('/').pop());
      const removed = staff.find((m) => m.id === id);
      staff = staff.filter((m) => m.id !== id);
      return { data: { message: `Cuenta de ${removed?.name ?? ''} eliminada` } };
    },
    ...routes,
  });
  renderApp(<TeamPage />, { route: '/team' });
  return { calls, user: userEvent.setup() };
}

const row = (id: number) => within(screen.getByTestId(`staff-row-${id}`));

describe('Equipo', () => {
  it('lists the team: name, e-mail, role, state, two-factor and last sign-in (es-AR)', async () => {
    setup();
    await screen.findByTestId('staff-table');
    expect(row(1).getByText('Jazmín')).toBeInTheDocument();
    expect(row(1).getByText('(vos)')).toBeInTheDocument();
    expect(row(1).getByText(ADMIN_USER.email)).toBeInTheDocument();
    expect(row(1).getByRole('combobox', { name: 'Rol de Jazmín' })).toHaveDisplayValue('Dueña/o');
    expect(row(1).getByText('Activa')).toBeInTheDocument();
    expect(row(1).getByText('Sí')).toBeInTheDocument();
    expect(row(1).getByText('22/11/2026, 15:05')).toBeInTheDocument();

    expect(row(2).getByRole('combobox', { name: 'Rol de Lucía Ventas' })).toHaveDisplayValue('Ventas');
    expect(row(2).getByText('No')).toBeInTheDocument();
    expect(row(2).getByText('Nunca')).toBeInTheDocument();
    expect(row(2).getByRole('button', { name: 'Desactivar la cuenta de Lucía Ventas' })).toBeInTheDocument();

    expect(row(3).getByRole('combobox', { name: 'Rol de Caro Catálogo' })).toHaveDisplayValue('Catálogo');
    expect(row(3).getByText('Desactivada')).toBeInTheDocument();
    expect(row(3).getByRole('button', { name: 'Activar la cuenta de Caro Catálogo' })).toBeInTheDocument();
    expect(row(3).getByText('20/11/2026, 09:00')).toBeInTheDocument();
  });

  it('shows loading, then an error with a retry, and the empty state', async () => {
    const first = deferred<MockReply>();
    let answer: () => MockReply | Promise<MockReply> = () => first.promise;
    const { user } = setup({ 'GET /staff': () => answer() });
    expect(await screen.findByText('Cargando el equipo...')).toBeInTheDocument();
    first.resolve({ status: 500, data: { message: 'Error interno del servidor' } });
    expect(await screen.findByText('Error al cargar el equipo: Error interno del servidor')).toBeInTheDocument();
    answer = () => ({ data: { staff: [] } });
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Todavía no hay nadie en el equipo')).toBeInTheDocument();
  });

  it('checks the invitation before sending it, naming each field', async () => {
    const { calls, user } = setup();
    await screen.findByTestId('staff-table');
    await user.click(screen.getByRole('button', { name: 'Invitar' }));
    expect(screen.getByLabelText(/^Nombre/)).toHaveAccessibleDescription('El nombre es obligatorio (hasta 100 caracteres)');
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('El email no es válido');
    expect(screen.getByRole('combobox', { name: 'Rol' })).toHaveAccessibleDescription(/Elegí un rol/);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('without a mail server, invites someone and shows the temporary password once, with a copy button', async () => {
    const { calls, user } = setup();
    await screen.findByTestId('staff-table');
    await user.type(screen.getByLabelText(/^Nombre/), 'Mora Fotos');
    await user.type(screen.getByLabelText(/^Email/), 'Mora@JazminLenceria.com.ar');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rol' }), 'catalog');
    await user.click(screen.getByRole('button', { name: 'Invitar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cuenta creada' });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Mora Fotos',
      email: 'mora@jazminlenceria.com.ar',
      role: 'catalog',
    });
    expect(within(dialog).getByTestId('temporary-password')).toHaveTextContent('Tmp-9xYz-a1');
    expect(dialog).toHaveTextContent(/tiene que cambiarla la primera vez que inicie sesión/);
    const copy = within(dialog).getByRole('button', { name: 'Copiar la contraseña temporal' });
    expect(copy).toHaveFocus();
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe('Tmp-9xYz-a1');
    expect(within(dialog).getByText('Copiado')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Listo' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Tmp-9xYz-a1')).not.toBeInTheDocument();
    expect(await screen.findByTestId('staff-row-4')).toHaveTextContent('Mora Fotos');
    expect(screen.getByLabelText(/^Nombre/)).toHaveValue('');
  });

  it('with a mail server, says the invitation link went by e-mail and shows no password', async () => {
    const { user } = setup({
      'POST /staff': (request) => {
        const body = bodyOf(request);
        return { status: 201, data: { staff: member(4, { name: String(body.name), email: String(body.email) }), invitationSent: true } };
      },
    });
    await screen.findByTestId('staff-table');
    await user.type(screen.getByLabelText(/^Nombre/), 'Mora Fotos');
    await user.type(screen.getByLabelText(/^Email/), 'mora@jazminlenceria.com.ar');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rol' }), 'sales');
    await user.click(screen.getByRole('button', { name: 'Invitar' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      `Le enviamos a mora@jazminlenceria.com.ar un correo con el enlace para elegir su contraseña (vale ${LIMITS.staffInvitationHours} horas).`,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('temporary-password')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Nombre/)).toHaveValue('');
  });

  it("shows the server's refusal of an invitation", async () => {
    const { user } = setup({ 'POST /staff': () => ({ status: 409, data: { message: 'Ya existe una cuenta con ese email' } }) });
    await screen.findByTestId('staff-table');
    await user.type(screen.getByLabelText(/^Nombre/), 'Lucía');
    await user.type(screen.getByLabelText(/^Email/), 'lucia@jazminlenceria.com.ar');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rol' }), 'sales');
    await user.click(screen.getByRole('button', { name: 'Invitar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo invitar: Ya existe una cuenta con ese email');
    expect(screen.getByTestId('invite-form')).toHaveAccessibleDescription(/Ya existe una cuenta con ese email/);
  });

  it('changes a role after confirming (and not when cancelled)', async () => {
    const { calls, user } = setup();
    await screen.findByTestId('staff-table');
    const select = row(2).getByRole('combobox', { name: 'Rol de Lucía Ventas' });

    await user.selectOptions(select, 'catalog');
    let dialog = screen.getByRole('alertdialog', { name: 'Cambiar rol' });
    expect(dialog).toHaveTextContent('¿Cambiar el rol de Lucía Ventas de Ventas a Catálogo? Sus sesiones abiertas se cierran');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(select).toHaveDisplayValue('Ventas');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.selectOptions(select, 'catalog');
    dialog = screen.getByRole('alertdialog', { name: 'Cambiar rol' });
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar rol' }));
    expect(await screen.findByText('Rol de Lucía Ventas: Catálogo.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/staff/2', body: { role: 'catalog' } });
    await waitFor(() => expect(row(2).getByRole('combobox', { name: 'Rol de Lucía Ventas' })).toHaveDisplayValue('Catálogo'));
  });

  it('activates and deactivates after confirming', async () => {
    const { calls, user } = setup();
    await screen.findByTestId('staff-table');
    await user.click(row(3).getByRole('button', { name: 'Activar la cuenta de Caro Catálogo' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Activar cuenta' })).getByRole('button', { name: 'Activar' }));
    expect(await screen.findByText('Cuenta de Caro Catálogo activada.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/staff/3', body: { active: true } });

    await user.click(row(2).getByRole('button', { name: 'Desactivar la cuenta de Lucía Ventas' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Desactivar cuenta' });
    expect(dialog).toHaveTextContent('No va a poder iniciar sesión');
    await user.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText('Cuenta de Lucía Ventas desactivada.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)).toMatchObject({ url: '/staff/2', body: { active: false } });
  });

  it("shows the server's 409 when the shop would be left without an active owner", async () => {
    const { user } = setup({ 'PUT /staff/*': () => ({ status: 409, data: { message: LAST_OWNER } }) });
    await screen.findByTestId('staff-table');
    await user.click(row(1).getByRole('button', { name: 'Desactivar la cuenta de Jazmín' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Desactivar cuenta' });
    expect(dialog).toHaveTextContent('Es tu propia cuenta: tu sesión se cierra');
    await user.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LAST_OWNER);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(row(1).getByText('Activa')).toBeInTheDocument();
  });

  it('deletes an account after confirming', async () => {
    const { calls, user } = setup();
    await screen.findByTestId('staff-table');
    await user.click(row(2).getByRole('button', { name: 'Eliminar la cuenta de Lucía Ventas' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Eliminar cuenta' });
    expect(dialog).toHaveTextContent('¿Seguro que querés eliminar la cuenta de Lucía Ventas (lucia@jazminlenceria.com.ar)?');
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Cuenta de Lucía Ventas eliminada')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/staff/2')).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('staff-row-2')).not.toBeInTheDocument());
  });
});

describe('two-factor sign-in for the whole team', () => {
  function setupContent(twoFactorEnabled: boolean) {
    // The server names twoFactorEnabled only when it is on.
    const owner = twoFactorEnabled ? { ...ADMIN_USER, twoFactorEnabled: true as const } : ADMIN_USER;
    signInStorage(owner);
    let content = contentFixture();
    const calls = mockApi({
      'GET /auth/check': () => ({ data: { user: owner } }),
      'GET /staff': () => ({ data: { staff: team() } }),
      'GET /content': () => ({ data: { content } }),
      'PUT /content': (request) => {
        const body = bodyOf(request) as { security: SiteContent['security'] };
        content = { ...content, security: { ...content.security, ...body.security } };
        return { data: { content } };
      },
    });
    renderApp(<TeamPage />, { route: '/team' });
    return { calls, user: userEvent.setup() };
  }

  it('turns the requirement on with a save of the security section alone', async () => {
    const { calls, user } = setupContent(true);
    const box = await screen.findByRole('checkbox', { name: 'Exigir verificación en dos pasos' });
    await waitFor(() => expect(box).toBeEnabled());
    await user.click(box);
    expect(await screen.findByText('Desde ahora todo el equipo entra con verificación en dos pasos.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT' && c.url === '/content');
    expect(put && bodyOf(put)).toEqual({ security: { requireTwoFactor: true } });
    expect(screen.getByRole('checkbox', { name: 'Exigir verificación en dos pasos' })).toBeChecked();
  });

  it('cannot be turned on by an owner without it on her own account', async () => {
    setupContent(false);
    expect(await screen.findByText(/primero activala en tu propia cuenta/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Exigir verificación en dos pasos' })).toBeDisabled();
  });
});
