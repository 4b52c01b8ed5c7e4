import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActivityEntry } from '@shop/shared';
import { renderApp, ADMIN_USER, signInStorage } from '@/test/render';
import { mockApi, type MockRoutes } from '@/test/mock-api';
import { ActivityPage } from './activity-page';

const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({
  at: '2026-11-22T18:05:00.000Z',
  staffId: 1,
  staffName: 'jazmin',
  kind: 'orders',
  action: 'order.status',
  target: 'JL-20261122-0003',
  summary: 'Cambió el estado de una orden: pendiente → confirmada',
  ...over,
});

const ACTIVITY = [
  entry({}),
  entry({
    at: '2026-11-21T13:00:00.000Z',
    staffId: 2,
    staffName: 'Lucía Ventas',
    kind: 'emails',
    action: 'email.resend',
    target: null,
    summary: 'Reenvió un correo',
  }),
];

const STAFF = [
  { id: 1, name: 'Jazmín', email: ADMIN_USER.email, role: 'owner', active: true, twoFactorEnabled: false, lastSignInAt: null },
  {
    id: 2,
    name: 'Lucía Ventas',
    email: 'lucia@jazminlenceria.com.ar',
    role: 'sales',
    active: true,
    twoFactorEnabled: false,
    lastSignInAt: null,
  },
];

function setup(routes: MockRoutes = {}) {
  signInStorage();
  const calls = mockApi({
    'GET /auth/check': () => ({ data: { user: ADMIN_USER } }),
    'GET /staff': () => ({ data: { staff: STAFF } }),
    'GET /activity': (request) => {
      const page = Number(request.params.page ?? 1);
      const rows = ACTIVITY.filter(
        (e) =>
          (!request.params.kind || e.kind === request.params.kind) && (!request.params.staffId || e.staffId === request.params.staffId),
      );
      return { data: { activity: page === 1 ? rows : [], total: 60, page, totalPages: 3 } };
    },
    ...routes,
  });
  renderApp(<ActivityPage />, { route: '/activity' });
  return { calls, user: userEvent.setup() };
}

describe('Actividad', () => {
  it('lists the changes, newest first: when (es-AR), who, what and on what', async () => {
    const { calls } = setup();
    const table = await screen.findByTestId('activity-table');
    const [first, second] = within(table).getAllByTestId('activity-row');
    expect(first).toHaveTextContent('22/11/2026, 15:05');
    expect(within(first!).getByText('jazmin')).toBeInTheDocument();
    expect(within(first!).getByText('Cambió el estado de una orden: pendiente → confirmada')).toBeInTheDocument();
    expect(within(first!).getByText('Órdenes')).toBeInTheDocument();
    expect(within(first!).getByText('JL-20261122-0003')).toBeInTheDocument();
    expect(second).toHaveTextContent('21/11/2026, 10:00');
    expect(within(second!).getByText('Correos')).toBeInTheDocument();
    expect(within(second!).getByText('—')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/activity')?.params).toEqual({ page: 1, limit: 25 });
  });

  it('filters by person and by kind (Spanish labels), back on page 1', async () => {
    const { calls, user } = setup();
    await screen.findByTestId('activity-table');
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/activity' && c.params.page === 2)).toBe(true));

    const person = screen.getByLabelText('Persona');
    await waitFor(() => expect(within(person).getByRole('option', { name: 'Lucía Ventas' })).toBeInTheDocument());
    await user.selectOptions(person, 'Lucía Ventas');
    expect(calls.at(-1)?.params).toEqual({ page: 1, limit: 25, staffId: 2 });

    const kind = screen.getByLabelText('Tipo');
    expect(
      within(kind)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todos los tipos', 'Órdenes', 'Productos', 'Contenido', 'Equipo', 'Cuenta propia', 'Estadísticas', 'Correos']);
    await user.selectOptions(kind, 'Correos');
    expect(calls.at(-1)?.params).toEqual({ page: 1, limit: 25, staffId: 2, kind: 'emails' });
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(1));
  });

  it('says when nothing matches, and when loading failed', async () => {
    const { user } = setup({ 'GET /activity': () => ({ data: { activity: [], total: 0, page: 1, totalPages: 0 } }) });
    expect(await screen.findByText('Todavía nadie del equipo hizo cambios.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Tipo'), 'Productos');
    expect(await screen.findByText('No hay cambios con estos filtros.')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    setup({ 'GET /activity': () => ({ status: 500, data: { message: 'Error interno del servidor' } }) });
    expect(await screen.findByText('Error al cargar la actividad: Error interno del servidor')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
