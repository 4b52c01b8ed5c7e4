import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeContent, makeOrder } from '@/test/fixtures';
import { deferred } from '@/test/mock-api';
import { fillPersonalData, renderCheckout } from './checkout-test-setup';

/** The autosave's debounce (use-draft-autosave.ts) and a little more. */
const PAST_DEBOUNCE_MS = 1600;
const drafts = (requests: readonly { method: string; url: string }[]) =>
  requests.filter((r) => r.method === 'PUT' && r.url.startsWith('/checkouts/'));

describe('checkout: the abandoned-checkout draft and the order', () => {
  it('sends no draft once the order is on its way, so a slow order never leaves its buyer listed as abandoned', async () => {
    const created = makeOrder();
    const order = deferred<{ status: number; data: unknown }>();
    const { user, requests } = renderCheckout(
      { content: makeContent() },
      {
        'POST /orders': () => order.promise,
        // The draft the order converts: a save arriving after it is refused as converted (409), as the server does.
        'PUT /checkouts/*': { status: 409, data: { message: 'Este carrito ya se convirtió en un pedido' } },
      },
    );
    // The shopper types her contact and confirms before the autosave's debounce ends.
    await fillPersonalData(user);
    await user.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/orders')).toBe(true));
    // The order is slow (a busy Hot Sale night): the debounce passes while it is in flight.
    await new Promise((resolve) => setTimeout(resolve, PAST_DEBOUNCE_MS));
    order.resolve({ status: 201, data: { order: created, orderNumber: created.orderNumber } });
    await waitFor(() => expect(JSON.parse(localStorage.getItem('cart') ?? 'null')).toEqual([]));
    await new Promise((resolve) => setTimeout(resolve, PAST_DEBOUNCE_MS));
    // No draft after the order: neither the pending save nor a fresh one with her contact under a new token.
    const sentAt = requests.findIndex((r) => r.url === '/orders');
    expect(drafts(requests.slice(sentAt))).toEqual([]);
  }, 15_000);

  it('saves the draft again when the order fails, so a shopper who leaves then is still reminded', async () => {
    const { user, requests } = renderCheckout(
      { content: makeContent() },
      { 'POST /orders': { status: 500, data: {} }, 'PUT /checkouts/*': { status: 200, data: { saved: true } } },
    );
    await fillPersonalData(user);
    await user.click(screen.getByRole('button', { name: 'Confirmar Pedido' }));
    expect(await screen.findByTestId('checkout-error')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nombre completo *'), ' Gómez');
    await waitFor(() => expect(drafts(requests).length).toBeGreaterThan(0), { timeout: 5000 });
    expect(drafts(requests).at(-1)).toMatchObject({ body: expect.objectContaining({ fullName: 'Ana Pérez Gómez' }) });
  }, 15_000);
});
