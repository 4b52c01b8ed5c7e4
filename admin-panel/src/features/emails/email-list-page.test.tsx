import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmailMessage } from '@shop/shared';
import { renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { EmailListPage } from './email-list-page';
import { OrderEmails } from './order-emails';

const email = (id: number, over: Partial<EmailMessage> = {}): EmailMessage => ({
  id,
  to: `clienta${id}@example.com`,
  subject: `Recibimos tu pedido JL-20261122-000${id} · Jazmín Lencería`,
  kind: 'order_received',
  orderId: `doc${id}`,
  orderNumber: `JL-20261122-000${id}`,
  status: 'sent',
  attempts: 1,
  nextAttemptAt: null,
  lastError: null,
  sentAt: '2026-11-22T18:00:00.000Z',
  createdAt: '2026-11-22T17:59:00.000Z',
  ...over,
});

const EMAILS = [
  email(3, { status: 'failed', attempts: 8, lastError: 'connect ECONNREFUSED 127.0.0.1:25', sentAt: null }),
  email(2, {
    status: 'pending',
    attempts: 2,
    lastError: 'Greeting never received',
    nextAttemptAt: '2026-11-22T19:00:00.000Z',
    sentAt: null,
  }),
  email(1),
];

function setup(mailConfigured = true) {
  signInStorage();
  let resent: EmailMessage | null = null;
  const calls = mockApi({
    'GET /emails': (request) => {
      const status = typeof request.params.status === 'string' ? request.params.status : '';
      const source = EMAILS.map((e) => (resent && e.id === resent.id ? resent : e)).filter((e) => !status || e.status === status);
      return { data: { emails: source, total: source.length, totalPages: 1, page: 1, mailConfigured } };
    },
    'POST /emails/3/resend': () => {
      resent = { ...EMAILS[0]!, status: 'pending', attempts: 0, lastError: null };
      return { data: { email: resent } };
    },
  });
  return { calls, user: userEvent.setup() };
}

describe('Correos page', () => {
  it('shows sent, pending and failed messages with the reason, and resends one', async () => {
    const { calls, user } = setup();
    renderApp(<EmailListPage />, { route: '/emails' });
    const table = await screen.findByTestId('emails-table');
    const failed = within(table).getByTestId('email-row-3');
    expect(within(failed).getByText('Falló')).toBeInTheDocument();
    expect(within(failed).getByText(/Falló tras 8 intentos: connect ECONNREFUSED/)).toBeInTheDocument();
    expect(within(failed).getByRole('link', { name: '#JL-20261122-0003' })).toHaveAttribute('href', '/orders/doc3');
    const pending = within(table).getByTestId('email-row-2');
    expect(within(pending).getByText('Pendiente')).toBeInTheDocument();
    expect(within(pending).getByText(/Reintento .* Greeting never received/)).toBeInTheDocument();
    expect(within(within(table).getByTestId('email-row-1')).getByText('Enviado')).toBeInTheDocument();
    expect(screen.queryByText(/Sin servidor de correo configurado/)).not.toBeInTheDocument();

    await user.click(within(failed).getByRole('button', { name: /Reenviar/ }));
    expect(await screen.findByText('Correo a clienta3@example.com en cola para reenviarse.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/emails/3/resend')).toBe(true);
    await waitFor(() => expect(within(screen.getByTestId('email-row-3')).getByText('Pendiente')).toBeInTheDocument());
  });

  it('lists a message about no order (a size back in stock) without an order link', async () => {
    signInStorage();
    const backInStock = email(9, {
      kind: 'stock_alert',
      subject: 'Volvió el talle 90C de Corpiño Lila · Jazmín Lencería',
      orderId: null,
      orderNumber: null,
      status: 'pending',
      attempts: 0,
      sentAt: null,
    });
    const calls = mockApi({
      'GET /emails': () => ({ data: { emails: [backInStock, ...EMAILS], total: 4, totalPages: 1, page: 1, mailConfigured: true } }),
      'POST /emails/9/resend': () => ({ data: { email: backInStock } }),
    });
    renderApp(<EmailListPage />, { route: '/emails' });
    const row = await screen.findByTestId('email-row-9');
    expect(within(row).getByText('Volvió tu talle (clienta)')).toBeInTheDocument();
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    expect(within(row).getByText('Sin orden')).toHaveClass('visually-hidden');
    expect(within(row).getByText('En cola para enviar')).toBeInTheDocument();
    await userEvent.setup().click(within(row).getByRole('button', { name: /Reenviar correo "Volvió el talle 90C/ }));
    expect(await screen.findByText('Correo a clienta9@example.com en cola para reenviarse.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/emails/9/resend')).toBe(true);
  });

  it('filters by status through the API', async () => {
    const { calls, user } = setup();
    renderApp(<EmailListPage />, { route: '/emails' });
    await screen.findByTestId('emails-table');
    await user.selectOptions(screen.getByLabelText('Estado'), 'failed');
    await waitFor(() => expect(within(screen.getByTestId('emails-table')).queryByTestId('email-row-1')).not.toBeInTheDocument());
    expect(calls.some((c) => c.url === '/emails' && c.params.status === 'failed')).toBe(true);
  });

  it('says mail waits when the server has no mail server', async () => {
    setup(false);
    renderApp(<EmailListPage />, { route: '/emails' });
    expect(await screen.findByText(/Sin servidor de correo configurado \(SMTP_HOST\)/)).toBeInTheDocument();
    expect(within(screen.getByTestId('email-row-2')).getByText('Sin servidor de correo configurado')).toBeInTheDocument();
  });
});

describe("an order's Correos section", () => {
  it("lists the order's messages, asked for by order", async () => {
    const { calls } = setup();
    renderApp(<OrderEmails orderId="doc3" />, { route: '/orders/doc3' });
    const section = await screen.findByTestId('order-emails-table');
    expect(within(section).getAllByRole('button', { name: /Reenviar/ })).toHaveLength(3);
    expect(calls.some((c) => c.url === '/emails' && c.params.order === 'doc3')).toBe(true);
  });
});
