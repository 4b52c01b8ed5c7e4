import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { categoryFirstPageParams, defaultSiteContent, pageAnswerKey } from '@shop/shared';
import { makeProduct } from '@/test/fixtures';
import { carry, forgetCarriedAnswers } from '@/test/carried-answers';
import { mockApi } from '@/test/mock-api';
import { App, startShop } from './app';

// A product page opened from a shared link, as the server sends it: the page carries the answers of its first screen.
const product = makeProduct({ _id: 'p9', title: 'Body Rubí de encaje' });

beforeEach(() => {
  window.history.pushState({}, '', '/product/p9');
});

afterEach(() => {
  forgetCarriedAnswers();
  window.history.pushState({}, '', '/');
});

describe('the first screen of a visit', () => {
  it('is drawn complete on the first render when the page carries its answers: no spinner, no request for them', async () => {
    const requests = mockApi({ 'GET /products': { status: 200, data: { status: 'success', payload: [], totalPages: 0 } } });
    carry({ '/products/p9': { product }, '/content': { content: defaultSiteContent() } });
    const { queryClient, firstScreen } = startShop('/product/p9');
    await firstScreen;
    // One synchronous render, no waiting: the product is already there.
    act(() => {
      render(<App client={queryClient} />);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Body Rubí de encaje' })).toBeInTheDocument();
    expect(screen.queryByText('Cargando...')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/products/p9' || r.url === '/content')).toEqual([]);
  });

  it('a category whose name needs encoding in the address (spaces, accents) is drawn at once from its carried page', async () => {
    window.history.pushState({}, '', '/category/Ropa%20%C3%ADntima');
    const requests = mockApi({});
    const listed = makeProduct({ _id: 'p7', title: 'Camisón de satén', category: 'Ropa íntima' });
    carry({
      [pageAnswerKey('/products', categoryFirstPageParams('Ropa íntima'))]: {
        status: 'success',
        payload: [listed],
        totalPages: 1,
        totalDocs: 1,
        totalProducts: 1,
        page: 1,
        limit: 12,
      },
      '/content': { content: defaultSiteContent() },
    });
    const { queryClient, firstScreen } = startShop('/category/Ropa%20%C3%ADntima');
    await firstScreen;
    act(() => {
      render(<App client={queryClient} />);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Ropa íntima' })).toBeInTheDocument();
    expect(screen.getByText('Camisón de satén')).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/products' || r.url === '/content')).toEqual([]);
  });

  it('without carried answers, asks the API and shows the screen once they arrive', async () => {
    const requests = mockApi({
      'GET /products/p9': { status: 200, data: { product } },
      'GET /content': { status: 200, data: { content: defaultSiteContent() } },
      'GET /products': { status: 200, data: { status: 'success', payload: [], totalPages: 0 } },
    });
    const { queryClient, firstScreen } = startShop('/product/p9');
    await firstScreen;
    render(<App client={queryClient} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Body Rubí de encaje' })).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/products/p9')).toBe(true);
  });
});
