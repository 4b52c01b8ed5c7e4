import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REVIEW_MSG, type ReviewInvitationAnswer } from '@shop/shared';
import { deferred, mockApi, type MockReply } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import InvitationPage from './invitation-page';

const TOKEN = 'ord123.1790000000.c2lnbmVk';

const INVITATION: ReviewInvitationAnswer = {
  orderNumber: 'JL-20261121-0001',
  firstName: 'Ana',
  lines: [
    {
      index: 0,
      productId: 'p1',
      title: 'Conjunto Encaje Rosa',
      image: '/images/products/p1.webp',
      size: 'M',
      color: 'Negro',
      reviewed: false,
    },
    { index: 1, productId: 'p2', title: 'Body Rubí', image: null, size: 'L', color: '', reviewed: true },
  ],
};

function open(post: MockReply | (() => Promise<MockReply>), invitation: MockReply = { data: INVITATION }) {
  const requests = mockApi({
    'GET /reviews/invitation/*': invitation,
    'POST /reviews': typeof post === 'function' ? post : () => post,
  });
  renderWithApp(<InvitationPage />, { route: `/opinar/${TOKEN}`, path: '/opinar/:token' });
  return { requests, user: userEvent.setup(), posted: () => requests.filter((r) => r.method === 'POST').map((r) => r.body) };
}

async function firstLine() {
  const lines = await screen.findAllByTestId('review-line');
  return lines[0]!;
}

describe('review invitation page (/opinar/:token)', () => {
  it('greets her, shows the reviewed line as done and sends a review with stars, fit and texts', async () => {
    const answer = deferred<MockReply>();
    const { user, requests, posted } = open(() => answer.promise);
    expect(await screen.findByTestId('review-hello')).toHaveTextContent('Hola Ana: ¿cómo te quedó tu pedido JL-20261121-0001?');
    expect(requests[0]?.url).toBe(`/reviews/invitation/${TOKEN}`);
    const [line, reviewed] = screen.getAllByTestId('review-line');
    expect(reviewed).toHaveTextContent('Ya opinaste sobre esta prenda. ¡Gracias!');
    expect(within(reviewed!).queryByRole('form')).not.toBeInTheDocument();

    const form = within(line!).getByRole('form', { name: 'Conjunto Encaje Rosa Talle M · Negro' });
    const rating = within(form).getByRole('group', { name: 'Tu calificación' });
    expect(
      within(rating)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(rating).getByRole('radio', { name: '1 estrella' })).toBeInTheDocument();
    await user.click(within(rating).getByRole('radio', { name: '4 estrellas' }));
    const fit = within(form).getByRole('group', { name: '¿Cómo te quedó el talle M?' });
    expect(
      within(fit)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['small', 'true', 'large']);
    await user.click(within(fit).getByRole('radio', { name: 'Justo' }));
    await user.type(within(form).getByRole('textbox', { name: 'Título (opcional)' }), 'Divino');
    const text = within(form).getByRole('textbox', { name: 'Tu opinión (opcional)' });
    expect(text).toHaveAttribute('maxLength', '1000');
    await user.type(text, 'Muy cómodo');
    expect(within(form).getByTestId('text-count')).toHaveTextContent('10/1000');
    expect(text).toHaveAccessibleDescription('10 de 1000 caracteres');
    await user.type(within(form).getByRole('textbox', { name: 'Tu talle habitual (opcional)' }), 'S');
    await user.click(within(form).getByRole('button', { name: 'Enviar opinión' }));
    expect(within(form).getByRole('button', { name: 'Enviando...' })).toBeDisabled();
    answer.resolve({ status: 201, data: { status: 'pending', message: REVIEW_MSG.created } });

    const thanks = await within(line!).findByRole('status');
    expect(thanks).toHaveTextContent(REVIEW_MSG.created);
    expect(thanks).toHaveFocus();
    expect(within(line!).queryByRole('form')).not.toBeInTheDocument();
    expect(posted()).toEqual([{ token: TOKEN, orderLine: 0, stars: 4, fit: 'true', title: 'Divino', text: 'Muy cómodo', usualSize: 'S' }]);
  });

  it('refuses to send without stars or fit, with the Spanish messages, and sends only what she filled in', async () => {
    const { user, posted } = open({ status: 201, data: { status: 'approved', message: REVIEW_MSG.published } });
    const line = await firstLine();
    const form = within(line).getByRole('form');
    const send = within(form).getByRole('button', { name: 'Enviar opinión' });
    await user.click(send);
    const rating = within(form).getByRole('group', { name: 'Tu calificación' });
    const fit = within(form).getByRole('group', { name: '¿Cómo te quedó el talle M?' });
    expect(rating).toHaveAccessibleDescription(REVIEW_MSG.stars);
    expect(fit).toHaveAccessibleDescription(REVIEW_MSG.fit);
    expect(within(rating).getByRole('radio', { name: '3 estrellas' })).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(rating).getByRole('radio', { name: '5 estrellas' }));
    await user.click(send);
    expect(rating).not.toHaveAccessibleDescription(REVIEW_MSG.stars);
    expect(fit).toHaveAccessibleDescription(REVIEW_MSG.fit);
    expect(posted()).toEqual([]);

    await user.click(within(fit).getByRole('radio', { name: 'Me quedó chico' }));
    await user.click(send);
    expect(await within(line).findByRole('status')).toHaveTextContent(REVIEW_MSG.published);
    expect(posted()).toEqual([{ token: TOKEN, orderLine: 0, stars: 5, fit: 'small' }]);
  });

  it("shows a 409's message and keeps what she chose and typed", async () => {
    const { user, posted } = open({ status: 409, data: { message: REVIEW_MSG.already } });
    const line = await firstLine();
    const form = within(line).getByRole('form');
    await user.click(within(form).getByRole('radio', { name: '2 estrellas' }));
    await user.click(within(form).getByRole('radio', { name: 'Me quedó grande' }));
    await user.type(within(form).getByRole('textbox', { name: 'Tu opinión (opcional)' }), 'Me quedó enorme');
    await user.click(within(form).getByRole('button', { name: 'Enviar opinión' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(REVIEW_MSG.already);
    expect(within(form).getByRole('radio', { name: '2 estrellas' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'Me quedó grande' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'Tu opinión (opcional)' })).toHaveValue('Me quedó enorme');
    expect(within(line).queryByRole('status')).not.toBeInTheDocument();
    expect(posted()).toEqual([{ token: TOKEN, orderLine: 0, stars: 2, fit: 'large', text: 'Me quedó enorme' }]);

    // Choosing again clears the refusal; sending again asks again.
    await user.click(within(form).getByRole('radio', { name: '3 estrellas' }));
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Enviar opinión' }));
    await waitFor(() => expect(posted()).toHaveLength(2));
  });

  it("shows the server's message for a bad or expired link, with the way home", async () => {
    const { requests } = open({ status: 201, data: {} }, { status: 400, data: { message: REVIEW_MSG.badToken } });
    expect(await screen.findByRole('alert')).toHaveTextContent(REVIEW_MSG.badToken);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a la tienda' })).toHaveAttribute('href', '/');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('says when the order is not delivered yet (no lines)', async () => {
    open({ status: 201, data: {} }, { data: { ...INVITATION, lines: [] } });
    expect(await screen.findByTestId('review-not-delivered')).toHaveTextContent(
      'Vas a poder opinar cuando el pedido figure como entregado.',
    );
  });
});
