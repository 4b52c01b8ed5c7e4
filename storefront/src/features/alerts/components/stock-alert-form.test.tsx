import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STOCK_ALERT_MSG, WHATSAPP_MSG } from '@shop/shared';
import { deferred, mockApi, type RecordedRequest } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { StockAlertForm } from './stock-alert-form';

type Reply = { status: number; data: unknown };

function setup(reply: Reply | (() => Promise<Reply>)) {
  const requests = mockApi({ 'POST /products/*/stock-alerts': typeof reply === 'function' ? reply : () => reply });
  renderWithApp(<StockAlertForm productId="p1" size="90C" />);
  const form = screen.getByRole('form', { name: 'Avisame cuando vuelva' });
  return {
    requests,
    user: userEvent.setup(),
    form,
    email: within(form).getByRole('textbox', { name: 'E-mail' }),
    phone: within(form).getByRole('textbox', { name: 'WhatsApp (opcional)' }),
    send: within(form).getByRole('button', { name: 'Avisame' }),
  };
}

const alertsSent = (requests: RecordedRequest[]) => requests.filter((r) => r.url === '/products/p1/stock-alerts');

describe('Avisame cuando vuelva', () => {
  it('asks on WhatsApp too only when ticked, and then needs a mobile', async () => {
    const { user, requests, form, email, phone, send } = setup({ status: 201, data: { message: 'ok', size: '90C' } });
    const optIn = within(form).getByRole('checkbox', { name: 'Avisame también por WhatsApp' });
    expect(optIn).not.toBeChecked();
    await user.type(email, 'ana@example.com');
    await user.click(optIn);
    await user.click(send);
    expect(phone).toHaveAccessibleDescription(WHATSAPP_MSG.badPhone);
    expect(alertsSent(requests)).toEqual([]);
    await user.type(phone, '299 15 412-3456');
    await user.click(send);
    await waitFor(() =>
      expect(alertsSent(requests).map((r) => r.body)).toEqual([
        { size: '90C', email: 'ana@example.com', phone: '299 15 412-3456', whatsappOptIn: true },
      ]),
    );
  });

  it('checks the e-mail and the WhatsApp in Spanish before sending anything', async () => {
    const { user, requests, email, phone, send } = setup({ status: 201, data: { message: 'ok', size: '90C' } });
    await user.click(send);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(STOCK_ALERT_MSG.badEmail);

    await user.type(email, 'ana@example');
    await user.type(phone, '12ab');
    await user.click(send);
    expect(email).toHaveAccessibleDescription(STOCK_ALERT_MSG.badEmail);
    expect(phone).toHaveAccessibleDescription(STOCK_ALERT_MSG.badPhone);
    expect(alertsSent(requests)).toEqual([]);

    // Fixing a field clears its message as she types.
    await user.clear(phone);
    expect(phone).not.toHaveAttribute('aria-invalid');
    expect(alertsSent(requests)).toEqual([]);
  });

  it("sends size, e-mail and WhatsApp, shows the server's message politely and keeps what she typed", async () => {
    const answer = deferred<Reply>();
    const { user, requests, form, email, phone, send } = setup(() => answer.promise);
    await user.type(email, 'ana@example.com');
    await user.type(phone, '+54 9 299 555-1234');
    await user.click(send);
    expect(within(form).getByRole('button', { name: 'Enviando...' })).toBeDisabled();
    answer.resolve({ status: 201, data: { message: STOCK_ALERT_MSG.created('90C'), size: '90C' } });
    expect(await within(form).findByText(STOCK_ALERT_MSG.created('90C'))).toBeInTheDocument();
    expect(within(form).getByRole('status')).toHaveTextContent(STOCK_ALERT_MSG.created('90C'));
    expect(within(form).getByRole('button', { name: 'Avisame' })).toBeEnabled();
    expect(alertsSent(requests).map((r) => r.body)).toEqual([{ size: '90C', email: 'ana@example.com', phone: '+54 9 299 555-1234' }]);
    expect(email).toHaveValue('ana@example.com');
    expect(phone).toHaveValue('+54 9 299 555-1234');
  });

  it("shows the server's refusal (400) beside the form and keeps the fields", async () => {
    const { user, form, email, send } = setup({ status: 400, data: { message: STOCK_ALERT_MSG.sizeInStock('90C') } });
    await user.type(email, 'ana@example.com');
    await user.click(send);
    expect(await within(form).findByRole('alert')).toHaveTextContent(STOCK_ALERT_MSG.sizeInStock('90C'));
    expect(within(form).getByRole('status')).toBeEmptyDOMElement();
    expect(email).toHaveValue('ana@example.com');
  });

  it('shows the rate limit (429) text and lets her send again later', async () => {
    let calls = 0;
    const { user, requests, form, email, send } = setup(async () => {
      calls += 1;
      return calls === 1
        ? { status: 429, data: { message: 'Demasiados pedidos: probá de nuevo en unos minutos' } }
        : { status: 201, data: { message: STOCK_ALERT_MSG.created('90C'), size: '90C' } };
    });
    await user.type(email, 'ana@example.com');
    await user.click(send);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Demasiados pedidos: probá de nuevo en unos minutos');
    await user.click(send);
    await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent(STOCK_ALERT_MSG.created('90C')));
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(alertsSent(requests)).toHaveLength(2);
  });
});
