import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  WHATSAPP_MSG,
  WHATSAPP_STEPS,
  type WhatsappConversation,
  type WhatsappMessage,
  type WhatsappSettingsAnswer,
  type WhatsappTemplate,
} from '@shop/shared';
import { renderApp, signInStorage } from '@/test/render';
import { mockApi, type RecordedRequest } from '@/test/mock-api';
import { WhatsappPage } from './whatsapp-page';
import { MessagesPage } from './messages-page';
import { windowLeft } from './reply-form';

const NOT_CONNECTED: WhatsappSettingsAnswer = {
  enabled: false,
  connected: false,
  phoneNumberId: null,
  businessAccountId: null,
  hasAccessToken: false,
  hasAppSecret: false,
  webhookUrl: 'https://tienda.example/api/whatsapp/webhook',
  verifyToken: 'token-de-verificacion',
  templates: Object.fromEntries(WHATSAPP_STEPS.map((s) => [s, null])) as WhatsappSettingsAnswer['templates'],
  suggestions: [
    { step: 'order_received', name: 'pedido_recibido', text: 'Hola {{1}}, recibimos tu pedido {{2}}.', variables: ['name', 'orderNumber'] },
  ],
};
const CONNECTED: WhatsappSettingsAnswer = {
  ...NOT_CONNECTED,
  enabled: true,
  connected: true,
  phoneNumberId: '109876543210987',
  businessAccountId: '102030405060708',
  hasAccessToken: true,
  hasAppSecret: true,
};
const TEMPLATES: WhatsappTemplate[] = [
  {
    name: 'pedido_recibido',
    language: 'es_AR',
    status: 'APPROVED',
    category: 'UTILITY',
    body: 'Hola {{1}}, recibimos tu pedido {{2}}.',
    parameters: 2,
  },
  { name: 'en_revision', language: 'es_AR', status: 'PENDING', category: 'UTILITY', body: 'Hola {{1}}', parameters: 1 },
];

afterEach(() => vi.restoreAllMocks());

const lastBody = (calls: RecordedRequest[], method: string) =>
  calls.filter((c) => c.method === method).at(-1)?.body as Record<string, unknown>;

describe('Canales › WhatsApp', () => {
  it('saves the connection without ever showing the secrets, and shows the webhook to paste in Meta', async () => {
    signInStorage();
    const calls = mockApi({
      'GET /whatsapp/settings': () => ({ data: NOT_CONNECTED }),
      'PUT /whatsapp/settings': () => ({ data: CONNECTED }),
      'GET /whatsapp/templates': () => ({ data: { templates: TEMPLATES } }),
    });
    renderApp(<WhatsappPage />, { route: '/channels/whatsapp' });
    expect(await screen.findByTestId('wa-webhook-url')).toHaveTextContent('https://tienda.example/api/whatsapp/webhook');
    expect(screen.getByTestId('wa-verify-token')).toHaveTextContent('token-de-verificacion');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Identificador del número de teléfono'), '109876543210987');
    await user.type(screen.getByLabelText('Identificador de la cuenta de WhatsApp Business'), '102030405060708');
    await user.type(screen.getByLabelText('Token de acceso permanente'), 'EAAG-token-largo-de-prueba-123');
    await user.type(screen.getByLabelText('Clave secreta de la app'), 'a1b2c3d4e5f60718');
    await user.click(screen.getByLabelText(/Enviar los mensajes de los pedidos/));
    await user.click(screen.getByRole('button', { name: 'Guardar conexión' }));
    expect(await screen.findByText('Conexión de WhatsApp guardada')).toBeInTheDocument();
    expect(lastBody(calls, 'PUT')).toEqual({
      phoneNumberId: '109876543210987',
      businessAccountId: '102030405060708',
      accessToken: 'EAAG-token-largo-de-prueba-123',
      appSecret: 'a1b2c3d4e5f60718',
      enabled: true,
    });
    // Written, then cleared: never shown again.
    expect(screen.getByLabelText('Token de acceso permanente')).toHaveValue('');
  });

  it('maps a step to an approved template with its variables, and says what the test message answered', async () => {
    signInStorage();
    const calls = mockApi({
      'GET /whatsapp/settings': () => ({ data: CONNECTED }),
      'GET /whatsapp/templates': () => ({ data: { templates: TEMPLATES } }),
      'PUT /whatsapp/settings': () => ({ data: CONNECTED }),
      'POST /whatsapp/test': { status: 400, data: { message: WHATSAPP_MSG.badPhone } },
    });
    renderApp(<WhatsappPage />, { route: '/channels/whatsapp' });
    const step = await screen.findByTestId('wa-step-order_received');
    const select = within(step).getByLabelText('Plantilla');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    // Only approved templates are offered.
    expect(within(select).queryByText(/en_revision/)).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(select, 'pedido_recibido|es_AR');
    expect(within(step).getByLabelText('Variable {{2}}')).toHaveValue('orderNumber');
    await user.selectOptions(within(step).getByLabelText('Variable {{2}}'), 'total');
    await user.click(screen.getByRole('button', { name: 'Guardar plantillas' }));
    await waitFor(() =>
      expect((lastBody(calls, 'PUT').templates as Record<string, unknown>).order_received).toEqual({
        name: 'pedido_recibido',
        language: 'es_AR',
        variables: ['name', 'total'],
      }),
    );
    await user.type(screen.getByLabelText('Celular al que enviar la prueba'), '123');
    await user.click(screen.getByRole('button', { name: 'Probar' }));
    expect(await screen.findByText(WHATSAPP_MSG.badPhone)).toBeInTheDocument();
  });
});

const CONVERSATION: WhatsappConversation = {
  phone: '5492994998877',
  name: 'Carla Ruiz',
  lastMessageAt: '2026-11-28T12:00:00.000Z',
  lastText: 'Hola, ¿me queda el 90B?',
  unread: 2,
  windowEndsAt: new Date(Date.now() + 5 * 3600_000).toISOString(),
};
const INCOMING: WhatsappMessage = {
  id: 1,
  direction: 'in',
  phone: CONVERSATION.phone,
  step: null,
  orderId: null,
  orderNumber: null,
  kind: 'text',
  templateName: null,
  text: 'Hola, ¿me queda el 90B?',
  status: 'read',
  error: null,
  createdAt: '2026-11-28T12:00:00.000Z',
  sentAt: '2026-11-28T12:00:00.000Z',
  deliveredAt: null,
  readAt: null,
};

describe('Mensajes', () => {
  it('lists who wrote with her unread count, opens her messages and answers inside the window', async () => {
    signInStorage();
    const calls = mockApi({
      'GET /whatsapp/conversations': () => ({ data: { conversations: [CONVERSATION] } }),
      'GET /whatsapp/conversations/5492994998877': () => ({
        data: {
          conversation: { ...CONVERSATION, unread: 0 },
          messages: [INCOMING],
          templates: [],
          orders: [{ id: 'abc123', orderNumber: 'JL-20261128-0001' }],
        },
      }),
      'POST /whatsapp/conversations/5492994998877/messages': (request) => ({
        status: 201,
        data: { message: { ...INCOMING, id: 2, direction: 'out', text: (request.body as { text: string }).text, status: 'pending' } },
      }),
    });
    renderApp(<MessagesPage />, { route: '/messages' });
    const row = await screen.findByTestId('wa-conversation-5492994998877');
    expect(row).toHaveTextContent('Carla Ruiz');
    expect(row).toHaveTextContent('2 sin leer');
    const user = userEvent.setup();
    await user.click(row);
    const thread = await screen.findByTestId('wa-thread');
    expect(within(thread).getByText('Hola, ¿me queda el 90B?')).toBeInTheDocument();
    expect(within(thread).getByRole('link', { name: 'JL-20261128-0001' })).toHaveAttribute('href', '/orders/abc123');
    expect(within(thread).getByText(/Podés responder con texto libre por 4 h \d+ min más/)).toBeInTheDocument();
    await user.type(within(thread).getByLabelText('Tu respuesta'), 'Sí, te queda justo.');
    await user.click(within(thread).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Respuesta enviada a WhatsApp')).toBeInTheDocument();
    expect(lastBody(calls, 'POST')).toEqual({ text: 'Sí, te queda justo.' });
  });

  it('offers only the templates once the 24 hours are over', async () => {
    signInStorage();
    const closed = { ...CONVERSATION, windowEndsAt: '2026-11-01T00:00:00.000Z' };
    const calls = mockApi({
      'GET /whatsapp/conversations': () => ({ data: { conversations: [closed] } }),
      'GET /whatsapp/conversations/5492994998877': () => ({
        data: {
          conversation: closed,
          messages: [INCOMING],
          templates: [{ step: 'delivered', name: 'pedido_entregado', language: 'es_AR', parameters: 2 }],
          orders: [],
        },
      }),
      'POST /whatsapp/conversations/5492994998877/messages': () => ({
        status: 201,
        data: { message: { ...INCOMING, id: 3, direction: 'out' } },
      }),
    });
    renderApp(<MessagesPage />, { route: '/messages?numero=5492994998877' });
    const thread = await screen.findByTestId('wa-thread');
    expect(within(thread).queryByLabelText('Tu respuesta')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(within(thread).getByLabelText('Variable {{1}}'), 'Carla');
    await user.type(within(thread).getByLabelText('Variable {{2}}'), 'JL-1');
    await user.click(within(thread).getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(lastBody(calls, 'POST')).toEqual({ template: { name: 'pedido_entregado', language: 'es_AR', parameters: ['Carla', 'JL-1'] } }),
    );
  });

  it('says the time left of the window', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(windowLeft('2026-11-28T17:20:30Z', now)).toBe('5 h 20 min');
    expect(windowLeft('2026-11-28T12:09:00Z', now)).toBe('9 min');
    expect(windowLeft('2026-11-28T11:00:00Z', now)).toBeNull();
    expect(windowLeft(null, now)).toBeNull();
  });
});
