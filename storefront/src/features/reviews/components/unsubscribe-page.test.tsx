import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REVIEW_MSG } from '@shop/shared';
import { mockApi, type MockReply } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import ReviewUnsubscribePage from './unsubscribe-page';

const TOKEN = 'ord123.1790000000.c2lnbmVk';

function open(route: string, reply: MockReply) {
  const requests = mockApi({ 'POST /reviews/unsubscribe': reply });
  renderWithApp(<ReviewUnsubscribePage />, { route, path: '/opinar/baja' });
  return () => requests.filter((r) => r.url === '/reviews/unsubscribe');
}

describe('review e-mails opt-out page (/opinar/baja)', () => {
  it('sends the token once and shows the message', async () => {
    const sent = open(`/opinar/baja?token=${TOKEN}`, { data: { message: REVIEW_MSG.unsubscribed } });
    expect(await screen.findByTestId('review-unsubscribe-done')).toHaveTextContent(REVIEW_MSG.unsubscribed);
    expect(screen.getByRole('link', { name: 'Volver a la tienda' })).toHaveAttribute('href', '/');
    expect(sent().map((r) => r.body)).toEqual([{ token: TOKEN }]);
  });

  it("shows the server's refusal", async () => {
    const sent = open(`/opinar/baja?token=${TOKEN}`, { status: 400, data: { message: REVIEW_MSG.badToken } });
    expect(await screen.findByRole('alert')).toHaveTextContent(REVIEW_MSG.badToken);
    expect(screen.queryByTestId('review-unsubscribe-done')).not.toBeInTheDocument();
    expect(sent()).toHaveLength(1);
  });

  it('does not ask the server without a token', async () => {
    const sent = open('/opinar/baja', { data: {} });
    expect(await screen.findByRole('alert')).toHaveTextContent(REVIEW_MSG.badToken);
    expect(sent()).toEqual([]);
  });
});
