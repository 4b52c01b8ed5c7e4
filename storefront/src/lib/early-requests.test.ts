import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageAnswerKey } from '@shop/shared/page-answers';
import { forgetCarriedAnswers } from '@/test/carried-answers';
import { pageCarriesAnswers, startEarlyRequest, withEarlyAnswer } from './early-requests';

const schema = z.object({ count: z.number() });

afterEach(() => {
  forgetCarriedAnswers();
  vi.unstubAllGlobals();
});

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('pageAnswerKey', () => {
  it('orders the parameters by name and leaves unset ones out', () => {
    expect(pageAnswerKey('/products', { sortBy: 'title', page: 1, sizes: undefined, category: 'body y más' })).toBe(
      '/products?category=body+y+m%C3%A1s&page=1&sortBy=title',
    );
    expect(pageAnswerKey('/products/abc')).toBe('/products/abc');
  });
});

describe('head start', () => {
  it('asks the API once per request, and the page takes that answer instead of asking again', async () => {
    const fetchMock = stubFetch(200, { count: 3 });
    void startEarlyRequest('/api', '/products', { page: 1, category: 'conjuntos' });
    void startEarlyRequest('/api', '/products', { category: 'conjuntos', page: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual(['/api/products?category=conjuntos&page=1', expect.anything()]);

    const request = vi.fn(() => Promise.resolve({ count: 99 }));
    await expect(withEarlyAnswer('/products', { category: 'conjuntos', page: 1 }, schema, request)).resolves.toEqual({ count: 3 });
    expect(request).not.toHaveBeenCalled();
    // Taken once: a later request (a refetch) goes to the server.
    await expect(withEarlyAnswer('/products', { category: 'conjuntos', page: 1 }, schema, request)).resolves.toEqual({ count: 99 });
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('an answer still being fetched does not count as carried by the page (the first render does not wait on the network)', () => {
    stubFetch(200, { count: 3 });
    void startEarlyRequest('/api', '/products/x');
    expect(pageCarriesAnswers(['/products/x'])).toBe(false);
  });

  it('asks nothing once the page has made its own request (no duplicate when the shop code was first)', async () => {
    const fetchMock = stubFetch(200, { count: 3 });
    const request = vi.fn(() => Promise.resolve({ count: 5 }));
    await withEarlyAnswer('/products/x', {}, schema, request);
    expect(startEarlyRequest('/api', '/products/x')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is not used for another request', async () => {
    stubFetch(200, { count: 3 });
    void startEarlyRequest('/api', '/products', { page: 1, category: 'conjuntos' });
    const request = vi.fn(() => Promise.resolve({ count: 5 }));
    await expect(withEarlyAnswer('/products', { page: 2, category: 'conjuntos' }, schema, request)).resolves.toEqual({ count: 5 });
  });

  it.each([
    ['an error status', 404, { message: 'Producto no encontrado' }],
    ['an answer that does not match the schema', 200, { count: 'tres' }],
  ])('falls back to the normal request on %s', async (_label, status, body) => {
    stubFetch(status, body);
    void startEarlyRequest('/api', '/products/x');
    const request = vi.fn(() => Promise.reject(new Error('Error al obtener producto')));
    await expect(withEarlyAnswer('/products/x', {}, schema, request)).rejects.toThrow('Error al obtener producto');
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('falls back to the normal request when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    void startEarlyRequest('/api', '/products/x');
    const request = vi.fn(() => Promise.resolve({ count: 1 }));
    await expect(withEarlyAnswer('/products/x', {}, schema, request)).resolves.toEqual({ count: 1 });
  });
});

describe('answers carried by the page', () => {
  function carry(text: string) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'shop-answers';
    element.textContent = text;
    document.body.appendChild(element);
  }

  it('are taken instead of asking the server, once each, and only after the schema accepts them', async () => {
    const fetchMock = stubFetch(200, { count: 7 });
    carry(JSON.stringify({ '/products/x': { count: 3 }, '/content': { count: 'tres' } }));
    const request = vi.fn(() => Promise.resolve({ count: 99 }));

    await expect(withEarlyAnswer('/products/x', {}, schema, request)).resolves.toEqual({ count: 3 });
    expect(request).not.toHaveBeenCalled();
    // A carried answer the schema refuses is dropped: the page asks the server.
    await expect(withEarlyAnswer('/content', {}, schema, request)).resolves.toEqual({ count: 99 });
    // Taken once: the next request (a refetch) asks the server too.
    await expect(withEarlyAnswer('/products/x', {}, schema, request)).resolves.toEqual({ count: 99 });
    expect(request).toHaveBeenCalledTimes(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('spare the head-start script its request, and it still learns the answer (for the picture hint)', async () => {
    const fetchMock = stubFetch(200, { count: 7 });
    carry(JSON.stringify({ '/products?category=conjuntos&page=1': { count: 3 } }));
    await expect(startEarlyRequest('/api', '/products', { page: 1, category: 'conjuntos' })).resolves.toEqual({ count: 3 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('are found by a later call when the first one ran while the page was still arriving', () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    expect(pageCarriesAnswers(['/products/x'])).toBe(false);
    carry(JSON.stringify({ '/products/x': { count: 3 }, '/content': { count: 1 } }));
    readyState.mockReturnValue('complete');
    expect(pageCarriesAnswers(['/products/x', '/content'])).toBe(true);
    // Every key must be there.
    expect(pageCarriesAnswers(['/products/x', '/products/y'])).toBe(false);
  });

  it('are not used on a page shown again from the history (possibly an old copy): the page asks the server', async () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: 'back_forward' } as unknown as PerformanceEntry]);
    carry(JSON.stringify({ '/products/x': { count: 3 } }));
    expect(pageCarriesAnswers(['/products/x'])).toBe(false);
    const request = vi.fn(() => Promise.resolve({ count: 8 }));
    await expect(withEarlyAnswer('/products/x', {}, schema, request)).resolves.toEqual({ count: 8 });
  });

  it('unreadable answers are ignored: the page asks the server', async () => {
    carry('{ not json');
    const request = vi.fn(() => Promise.resolve({ count: 1 }));
    await expect(withEarlyAnswer('/products/x', {}, schema, request)).resolves.toEqual({ count: 1 });
  });
});
