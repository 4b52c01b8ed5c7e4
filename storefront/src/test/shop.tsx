import { render } from '@testing-library/react';
import { defaultSiteContent } from '@shop/shared';
import { App } from '@/app/app';
import { productListAnswer } from './fixtures';
import { mockApi, type MockRoutes } from './mock-api';

/**
 * The whole shop opened at `path` as a shopper's browser opens it: the demo content, no products, and these routes of
 * the API besides; gives the requests it made. The test puts the address back to '/' afterwards.
 */
export function openShop(path: string, routes: MockRoutes = {}) {
  window.history.pushState({}, '', path);
  const requests = mockApi({
    'GET /content': { data: { content: defaultSiteContent() } },
    'GET /products': { data: productListAnswer([]) },
    'POST /interactions': { status: 201, data: {} },
    ...routes,
  });
  render(<App />);
  return requests;
}
