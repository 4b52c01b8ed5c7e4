import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { REVIEW_MSG } from '@shop/shared';
import { openShop } from '@/test/shop';

afterEach(() => {
  window.history.pushState({}, '', '/');
});

const shop = (path: string) =>
  openShop(path, {
    'GET /reviews/invitation/*': { data: { orderNumber: 'JL-20261121-0001', firstName: 'Ana', lines: [] } },
    'POST /reviews/unsubscribe': { data: { message: REVIEW_MSG.unsubscribed } },
  });

describe('routes of the review e-mail', () => {
  it('/opinar/<token> opens the invitation of that token', async () => {
    const requests = shop('/opinar/ord123.1790000000.c2lnbmVk');
    expect(await screen.findByTestId('review-hello')).toHaveTextContent('Hola Ana: ¿cómo te quedó tu pedido JL-20261121-0001?');
    expect(requests.some((r) => r.url === '/reviews/invitation/ord123.1790000000.c2lnbmVk')).toBe(true);
  });

  it('/opinar/baja?token=… is the opt-out, not an invitation', async () => {
    const requests = shop('/opinar/baja?token=ord123.1790000000.c2lnbmVk');
    expect(await screen.findByTestId('review-unsubscribe-done')).toHaveTextContent(REVIEW_MSG.unsubscribed);
    expect(requests.filter((r) => r.url === '/reviews/unsubscribe').map((r) => r.body)).toEqual([{ token: 'ord123.1790000000.c2lnbmVk' }]);
    expect(requests.some((r) => r.url.startsWith('/reviews/invitation'))).toBe(false);
  });
});
