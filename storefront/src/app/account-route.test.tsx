import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '@shop/shared';
import { openShop } from '@/test/shop';

afterEach(() => {
  window.history.pushState({}, '', '/');
});

describe('"Mi cuenta"', () => {
  it('is linked from the header and opens the sign-in at /cuenta', async () => {
    openShop('/cuenta', { 'GET /account': { status: 401, data: { message: ACCOUNT_MSG.noSession } } });
    expect(screen.getByRole('link', { name: 'Mi cuenta' })).toHaveAttribute('href', '/cuenta');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Enviarme un código' })).toBeInTheDocument();
  });
});
