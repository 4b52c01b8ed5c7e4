import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmailMessage, GoLiveChecklist, GoLiveItem, StaffRole } from '@shop/shared';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { deferred, mockApi, type MockHandler } from '@/test/mock-api';
import { AdminLayout } from './admin-layout';
import { GoLiveChecklistPanel } from './go-live-checklist';

const CHECKED_AT = '2026-11-22T18:00:00.000Z';
const hoursBefore = (hours: number) => new Date(Date.parse(CHECKED_AT) - hours * 3_600_000).toISOString();

const line = (id: GoLiveItem['id'], ok: boolean | null, title: string, detail: string, action = ''): GoLiveItem => ({
  id,
  ok,
  title,
  detail,
  action,
});

function checklist(over: Partial<GoLiveChecklist> = {}): GoLiveChecklist {
  return {
    items: [
      line('https', true, 'Conexión segura (HTTPS)', 'Activa.'),
      line('public-url', true, 'Dirección pública de la tienda', 'https://jazmin.test'),
      line('email', true, 'Correo saliente', 'Servidor smtp.x:587 · remitente pedidos@jazmin.test.'),
      line('backup', true, 'Copia de seguridad', 'Última copia local hace 3 h.'),
      line(
        'offsite',
        false,
        'Copia fuera del servidor',
        'No está configurada: las copias quedan solo en este servidor.',
        'Configurá BACKUP_REMOTE.',
      ),
      line('mercadopago', null, 'Mercado Pago', 'Apagado en Contenido › Checkout.'),
      line(
        'two-factor',
        false,
        'Verificación en dos pasos de las dueñas/os',
        'La única cuenta de dueña/o entra solo con contraseña.',
        'Activala en Config.',
      ),
      line('disk', true, 'Espacio en disco', 'Fotos subidas: 40 GB libres de 80 GB (50 %).'),
      line('redis', null, 'Redis', 'Sin REDIS_URL: no hace falta con un solo proceso de la tienda.'),
      line('last-error', true, 'Último error del servidor', 'Ninguno registrado.'),
    ],
    backups: { local: { at: hoursBefore(3), bytes: 1000 }, remote: null, remoteConfigured: false },
    checkedAt: CHECKED_AT,
    ...over,
  };
}

const outboxEmail = (over: Partial<EmailMessage> = {}): EmailMessage => ({
  id: 77,
  to: 'admin@jazminlenceria.com.ar',
  subject: 'Correo de prueba · Jazmín Lencería',
  kind: 'staff_test',
  orderId: null,
  orderNumber: null,
  status: 'pending',
  attempts: 0,
  nextAttemptAt: CHECKED_AT,
  lastError: null,
  sentAt: null,
  createdAt: CHECKED_AT,
  ...over,
});

function renderPanel(routes: Record<string, MockHandler>) {
  const calls = mockApi({ 'GET /health/checklist': { data: checklist() }, ...routes });
  renderApp(<GoLiveChecklistPanel />);
  return calls;
}

async function expectSummary(text: string) {
  await waitFor(() => expect(screen.getByTestId('go-live-summary')).toHaveTextContent(text));
}

async function openPanel() {
  const user = userEvent.setup();
  const toggle = await screen.findByRole('button', { name: /Lista para abrir la tienda/ });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return { user, panel: screen.getByRole('region', { name: 'Lista para abrir la tienda' }) };
}

describe('the go-live checklist', () => {
  it('sums up what is missing, and shows the backups with their ages without opening it', async () => {
    renderPanel({});
    await expectSummary('Faltan 2 de 8');
    const backups = screen.getByTestId('go-live-backups');
    expect(backups).toHaveTextContent('Copia local: hace 3 h');
    expect(backups).toHaveTextContent('Fuera del servidor: no configurada (falta)');
    expect(screen.queryByRole('list', { name: 'Puntos de la lista' })).not.toBeInTheDocument();
  });

  it('lists every line with its state in words, what it is, and what to do (only when missing)', async () => {
    renderPanel({});
    const { panel } = await openPanel();
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    const offsite = screen.getByTestId('go-live-offsite');
    expect(within(offsite).getByRole('heading', { level: 4 })).toHaveTextContent('Falta: Copia fuera del servidor');
    expect(offsite).toHaveTextContent('Qué hacer: Configurá BACKUP_REMOTE.');
    expect(within(screen.getByTestId('go-live-https')).getByRole('heading', { level: 4 })).toHaveTextContent(
      'Listo: Conexión segura (HTTPS)',
    );
    expect(screen.getByTestId('go-live-https')).not.toHaveTextContent('Qué hacer');
    expect(within(screen.getByTestId('go-live-mercadopago')).getByRole('heading', { level: 4 })).toHaveTextContent(
      'No aplica: Mercado Pago',
    );
    expect(within(panel).getByText(/Última verificación: 22\/11\/2026 15:00/)).toBeInTheDocument();
  });

  it('says when everything is ready', async () => {
    const ready = checklist();
    ready.items = ready.items.map((item) => (item.ok === false ? { ...item, ok: true, action: '' } : item));
    mockApi({ 'GET /health/checklist': { data: ready } });
    renderApp(<GoLiveChecklistPanel />);
    await expectSummary('Todo listo');
  });

  it('shows an error it can retry when the list cannot be read', async () => {
    let fail = true;
    mockApi({
      'GET /health/checklist': () => (fail ? { status: 500, data: { message: 'Error interno del servidor' } } : { data: checklist() }),
    });
    renderApp(<GoLiveChecklistPanel />);
    await expectSummary('No se pudo revisar');
    const { user, panel } = await openPanel();
    expect(within(panel).getByRole('alert')).toHaveTextContent('Error interno del servidor');
    fail = false;
    await user.click(within(panel).getByRole('button', { name: 'Reintentar' }));
    await expectSummary('Faltan 2 de 8');
  });

  it('sends the test e-mail, announces progress, and says once the outbox sent it', async () => {
    let polls = 0;
    const answer = deferred<{ status: number; data: unknown }>();
    const calls = renderPanel({
      'POST /health/test-email': () => answer.promise,
      'GET /emails': () => {
        polls += 1;
        return {
          data: {
            emails: [outboxEmail(polls > 1 ? { status: 'sent', attempts: 1, sentAt: CHECKED_AT } : {})],
            total: 1,
            totalPages: 1,
            page: 1,
            mailConfigured: true,
          },
        };
      },
    });
    const { user } = await openPanel();
    const button = screen.getByRole('button', { name: 'Enviarme un correo de prueba' });
    await user.click(button);
    const result = screen.getByTestId('go-live-test-email-result');
    expect(result).toHaveAttribute('aria-live', 'polite');
    expect(result).toHaveTextContent('Pidiendo el correo de prueba…');
    expect(screen.getByRole('button', { name: 'Enviando…' })).toBeDisabled();
    answer.resolve({
      status: 202,
      data: { message: 'Correo de prueba en camino a admin@jazminlenceria.com.ar.', email: outboxEmail(), mailConfigured: true },
    });
    await waitFor(() => expect(result).toHaveTextContent('Esperando que salga…'));
    await waitFor(
      () => expect(result).toHaveTextContent('Enviado a admin@jazminlenceria.com.ar (22/11/2026 15:00): revisá tu bandeja de entrada'),
      {
        timeout: 6_000,
      },
    );
    expect(screen.getByRole('button', { name: 'Enviarme un correo de prueba' })).toBeEnabled();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({});
  });

  it('says the message waits when there is no mail server, and shows the 429 refusal', async () => {
    let limited = false;
    renderPanel({
      'POST /health/test-email': () =>
        limited
          ? { status: 429, data: { message: 'Ya pediste varios correos de prueba en la última hora: esperá un rato y volvé a intentar' } }
          : {
              status: 202,
              data: {
                message:
                  'El correo de prueba quedó guardado en Correos, pero no va a salir: falta configurar el servidor de correo (SMTP_HOST).',
                email: outboxEmail(),
                mailConfigured: false,
              },
            },
    });
    const { user } = await openPanel();
    await user.click(screen.getByRole('button', { name: 'Enviarme un correo de prueba' }));
    const result = screen.getByTestId('go-live-test-email-result');
    await waitFor(() =>
      expect(result).toHaveTextContent(/falta configurar el servidor de correo \(SMTP_HOST\)\. Mirá su estado en Correos\./),
    );
    expect(within(result).getByRole('link', { name: 'Correos' })).toHaveAttribute('href', '/emails');
    limited = true;
    await user.click(screen.getByRole('button', { name: 'Enviarme un correo de prueba' }));
    await waitFor(() => expect(result).toHaveTextContent('Ya pediste varios correos de prueba en la última hora'));
  });
});

describe('who sees it', () => {
  async function layoutAs(staffRole: StaffRole) {
    const user = { ...ADMIN_USER, staffRole };
    signInStorage(user);
    const calls = mockApi({ 'GET /auth/check': () => ({ data: { user } }), 'GET /health/checklist': { data: checklist() } });
    renderApp(<AdminLayout />, { route: '/orders' });
    await screen.findByRole('navigation', { name: 'Navegación principal' });
    return calls;
  }

  it('is in the owner’s status bar', async () => {
    await layoutAs('owner');
    const status = screen.getByRole('region', { name: 'Estado del Sistema' });
    expect(await within(status).findByRole('button', { name: /Lista para abrir la tienda/ })).toBeInTheDocument();
  });

  it('is not shown to sales or catalog, nor asked of the server', async () => {
    for (const role of ['sales', 'catalog'] as const) {
      const calls = await layoutAs(role);
      expect(screen.queryByRole('button', { name: /Lista para abrir la tienda/ })).not.toBeInTheDocument();
      expect(calls.some((c) => c.url === '/health/checklist')).toBe(false);
      document.body.innerHTML = '';
    }
  });
});
