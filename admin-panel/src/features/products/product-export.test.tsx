import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { contentFixture } from '@/test/fixtures';
import { ProductListPage } from './product-list-page';

let downloads: string[] = [];
beforeEach(() => {
  downloads = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:productos'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('products export', () => {
  it("downloads the stock per size as 'productos-<day>.csv'", async () => {
    signInStorage();
    const calls = mockApi({
      'GET /content': () => ({ data: { content: contentFixture() } }),
      'GET /products': () => ({
        data: { status: 'success', payload: [], totalPages: 0, totalDocs: 0, totalProducts: 0, page: 1, limit: 10 },
      }),
      'GET /products/export.csv': () => ({ data: new Blob(['\uFEFFID;Producto\r\n']) }),
    });
    renderApp(<ProductListPage />, { route: '/products-list', path: '/products-list' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Exportar CSV de productos' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toMatch(/^productos-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(calls.filter((c) => c.url === '/products/export.csv')).toHaveLength(1);
  });
});
