import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { SearchMiss, WaitedSize } from '@shop/shared';
import { renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { SearchMissesCard } from './search-misses-card';
import { WaitedSizesCard } from './waited-sizes-card';

const WAITED: WaitedSize[] = [
  { productId: 'p-lila', title: 'Corpiño Lila', size: '90C', waiting: 3, stock: 0 },
  { productId: 'p-body', title: 'Body Encaje', size: 'M', waiting: 1, stock: 2 },
  { productId: 'p-bata', title: 'Bata Satén', size: '', waiting: 2, stock: 0 },
];

describe('WaitedSizesCard', () => {
  it('lists the sizes most waited for: product linking to its editor, size, how many wait and the stock', async () => {
    signInStorage();
    mockApi({ 'GET /insight/waited-sizes': () => ({ data: { sizes: WAITED } }) });
    renderApp(<WaitedSizesCard />);
    const card = await screen.findByTestId('waited-sizes-card');
    expect(within(card).getByRole('heading', { name: 'Talles más esperados' })).toBeInTheDocument();
    expect(await within(card).findByRole('link', { name: 'Corpiño Lila' })).toHaveAttribute('href', '/products/edit/p-lila');
    const rows = within(card).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '1Corpiño LilaTalle 90C · sin stock3 esperan',
      '2Body EncajeTalle M · stock actual: 21 espera',
      '3Bata SaténSin talle · sin stock2 esperan',
    ]);
    expect(within(rows[1]!).getByRole('link')).toHaveAttribute('href', '/products/edit/p-body');
  });

  it('says so when nobody waits, and gives the Spanish error when the list cannot be read', async () => {
    signInStorage();
    mockApi({ 'GET /insight/waited-sizes': () => ({ data: { sizes: [] } }) });
    const { unmount } = renderApp(<WaitedSizesCard />);
    expect(await screen.findByText('Nadie está esperando que vuelva un talle.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    unmount();

    // An answer that is not the contract's.
    mockApi({ 'GET /insight/waited-sizes': { data: { sizes: 'muchos' } } });
    renderApp(<WaitedSizesCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al obtener los talles más esperados');
  });

  it('shows nothing and asks nothing without a session that may see insight', async () => {
    const calls = mockApi({ 'GET /insight/waited-sizes': () => ({ data: { sizes: WAITED } }) });
    const { container } = renderApp(<WaitedSizesCard />);
    await waitFor(() => expect(calls.length).toBe(0));
    expect(container).toBeEmptyDOMElement();
  });
});

describe('SearchMissesCard', () => {
  const MISSES: SearchMiss[] = [
    { term: 'medias de red', searches: 2, lastSearchedAt: '2026-11-20T13:00:00.000Z' },
    { term: 'portaligas', searches: 9, lastSearchedAt: '2026-11-22T18:05:00.000Z' },
    { term: 'kimono', searches: 1, lastSearchedAt: '2026-11-18T10:00:00.000Z' },
  ];

  it('asks for the last 7 days and lists the terms, most searched first', async () => {
    signInStorage();
    const calls = mockApi({ 'GET /insight/search-misses': () => ({ data: { days: 7, terms: MISSES } }) });
    renderApp(<SearchMissesCard />);
    const card = await screen.findByTestId('search-misses-card');
    expect(within(card).getByRole('heading', { name: 'Búsquedas sin resultados (últimos 7 días)' })).toBeInTheDocument();
    await within(card).findByText('portaligas');
    expect(calls.find((c) => c.url === '/insight/search-misses')?.params).toEqual({ days: 7 });
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      '1portaligasÚltima vez: 22/11/2026, 15:059 veces',
      '2medias de redÚltima vez: 20/11/2026, 10:002 veces',
      '3kimonoÚltima vez: 18/11/2026, 07:001 vez',
    ]);
  });

  it('says so when every search found something', async () => {
    signInStorage();
    mockApi({ 'GET /insight/search-misses': () => ({ data: { days: 7, terms: [] } }) });
    renderApp(<SearchMissesCard />);
    expect(await screen.findByText('Todas las búsquedas de los últimos 7 días encontraron productos.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it("shows the server's Spanish error", async () => {
    signInStorage();
    mockApi({ 'GET /insight/search-misses': { status: 403, data: { message: 'Tu rol no permite esta acción' } } });
    renderApp(<SearchMissesCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Tu rol no permite esta acción');
  });
});
