import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG, defaultSiteContent } from '@shop/shared';
import { productListAnswer } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { App } from './app';

afterEach(() => {
  window.history.pushState({}, '', '/');
});

describe('"Mi cuenta"', () => {
  it('is linked from the header and opens the sign-in at /cuenta', async () => {
    window.history.pushState({}, '', '/cuenta');
    mockApi({
      'GET /content': { data: { content: defaultSiteContent() } },
      'GET /products': { data: productListAnswer([]) },
      'GET /account': { status: 401, data: { message: ACCOUNT_MSG.noSession } },
      'POST /interactions': { status: 201, data: {} },
    });
    render(<App />);
    expect(screen.getByRole('link', { name: 'Mi cuenta' })).toHaveAttribute('href', '/cuenta');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Enviarme un código' })).toBeInTheDocument();
  });
});
