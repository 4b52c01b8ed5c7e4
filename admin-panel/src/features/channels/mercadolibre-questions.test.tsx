import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MERCADOLIBRE_SALES_MESSAGES, type MercadoLibreQuestion } from '@shop/shared';
import { mercadoLibreChannel } from '@/test/fixtures';
import { renderApp, signInStorage } from '@/test/render';
import { bodyOf, mockApi } from '@/test/mock-api';
import { MercadoLibrePage } from './mercadolibre-page';

const CONNECTED = mercadoLibreChannel();
const QUESTION: MercadoLibreQuestion = {
  id: '13001',
  itemId: 'MLA1500000001',
  text: '¿Tenés el conjunto en talle 95?',
  createdAt: '2026-11-27T05:00:00.000Z',
};

describe('Canales › Mercado Libre: questions', () => {
  it('lists the unanswered questions, refuses an empty answer without asking, and posts the answer', async () => {
    signInStorage();
    let questions = [QUESTION, { ...QUESTION, id: '13002', text: '¿Hacen envíos a Plottier?' }];
    const calls = mockApi({
      'GET /channels/mercadolibre': { data: CONNECTED },
      'GET /channels/mercadolibre/questions': () => ({ data: { questions } }),
      'POST /channels/mercadolibre/questions/13001/answer': () => {
        questions = questions.filter((q) => q.id !== '13001');
        return { data: { message: MERCADOLIBRE_SALES_MESSAGES.answered } };
      },
    });
    renderApp(<MercadoLibrePage />, { route: '/channels/mercadolibre' });
    const card = await screen.findByTestId('meli-questions');
    const items = await within(card).findAllByTestId('meli-question');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('¿Tenés el conjunto en talle 95?');
    expect(items[0]).toHaveTextContent('Publicación MLA1500000001');
    const user = userEvent.setup();
    await user.click(within(items[0]!).getByRole('button', { name: 'Responder' }));
    expect(await within(items[0]!).findByRole('alert')).toHaveTextContent(MERCADOLIBRE_SALES_MESSAGES.answerText);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(within(items[0]!).getByLabelText('Respuesta'), ' Sí, hay talle 95 en negro. ');
    await user.click(within(items[0]!).getByRole('button', { name: 'Responder' }));
    await waitFor(() => expect(within(card).getAllByTestId('meli-question')).toHaveLength(1));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(bodyOf(post)).toEqual({ text: 'Sí, hay talle 95 en negro.' });
    expect(within(card).getByText(MERCADOLIBRE_SALES_MESSAGES.answered)).toBeInTheDocument();
  });

  it("says Mercado Libre's refusal in Spanish and keeps the question", async () => {
    signInStorage();
    mockApi({
      'GET /channels/mercadolibre': { data: CONNECTED },
      'GET /channels/mercadolibre/questions': { data: { questions: [QUESTION] } },
      'POST /channels/mercadolibre/questions/13001/answer': { status: 409, data: { message: MERCADOLIBRE_SALES_MESSAGES.questionGone } },
    });
    renderApp(<MercadoLibrePage />, { route: '/channels/mercadolibre' });
    const [item] = await screen.findAllByTestId('meli-question');
    const user = userEvent.setup();
    await user.type(within(item!).getByLabelText('Respuesta'), 'Sí');
    await user.click(within(item!).getByRole('button', { name: 'Responder' }));
    expect(await within(item!).findByRole('alert')).toHaveTextContent(MERCADOLIBRE_SALES_MESSAGES.questionGone);
  });

  it('shows no questions panel while the account is not connected', async () => {
    signInStorage();
    const calls = mockApi({ 'GET /channels/mercadolibre': { data: { ...CONNECTED, connected: false, nickname: null, userId: null } } });
    renderApp(<MercadoLibrePage />, { route: '/channels/mercadolibre' });
    expect(await screen.findByRole('button', { name: 'Conectar' })).toBeInTheDocument();
    expect(screen.queryByTestId('meli-questions')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/channels/mercadolibre/questions')).toBe(false);
  });
});
