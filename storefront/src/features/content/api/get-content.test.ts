import { afterEach, describe, expect, it } from 'vitest';
import { makeContent } from '@/test/fixtures';
import { carry, forgetCarriedAnswers } from '@/test/carried-answers';
import { mockApi } from '@/test/mock-api';
import { fetchSiteContent, offeredContent } from './get-content';

const withMercadoPago = makeContent((c) => {
  c.checkout.paymentInfo.mercadoPago.enabled = true;
});

afterEach(() => {
  forgetCarriedAnswers();
});

describe('site content: Mercado Pago', () => {
  it('stays on only when the server says it can take the payments', () => {
    expect(offeredContent({ content: withMercadoPago, services: { mercadoPago: true } }).checkout.paymentInfo.mercadoPago.enabled).toBe(
      true,
    );
    expect(offeredContent({ content: withMercadoPago, services: { mercadoPago: false } }).checkout.paymentInfo.mercadoPago.enabled).toBe(
      false,
    );
    expect(offeredContent({ content: withMercadoPago }).checkout.paymentInfo.mercadoPago.enabled).toBe(false);
    // The rest of the content is the server's, untouched.
    const off = offeredContent({ content: withMercadoPago });
    expect(off.checkout.paymentInfo.bankTransfer).toEqual(withMercadoPago.checkout.paymentInfo.bankTransfer);
    expect(off.checkout.paymentInfo.mercadoPago.title).toBe('Mercado Pago');
    expect(withMercadoPago.checkout.paymentInfo.mercadoPago.enabled).toBe(true);
  });

  it('applies the same rule to the answer the page carries and to the one asked for', async () => {
    carry({ '/content': { content: withMercadoPago, services: { mercadoPago: false } } });
    const requests = mockApi({ 'GET /content': { status: 200, data: { content: withMercadoPago, services: { mercadoPago: true } } } });
    expect((await fetchSiteContent()).checkout.paymentInfo.mercadoPago.enabled).toBe(false);
    expect(requests).toHaveLength(0);
    // The carried answer is taken once: the next read asks the server.
    expect((await fetchSiteContent()).checkout.paymentInfo.mercadoPago.enabled).toBe(true);
    expect(requests.map((r) => r.url)).toEqual(['/content']);
  });
});
