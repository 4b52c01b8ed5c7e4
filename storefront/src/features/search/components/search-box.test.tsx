import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeProduct, productListAnswer } from '@/test/fixtures';
import { deferred, mockApi, type MockReply } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { SearchBox } from './search-box';

const corpinos = Array.from({ length: 8 }, (_, i) =>
  makeProduct({ _id: `c${i + 1}`, title: `Corpiño ${i + 1}`, price: 10000 + i * 1000, discount: i === 0 ? 10 : 0 }),
);

function setup(reply: (term: string) => MockReply | Promise<MockReply> = () => ({ data: productListAnswer(corpinos) })) {
  const requests = mockApi({ 'GET /products': (request) => reply(String(request.params.searchTerm)) });
  renderWithApp(
    <>
      <SearchBox />
      <button type="button">Otra cosa</button>
    </>,
  );
  const searches = () => requests.filter((r) => r.url === '/products');
  return { user: userEvent.setup(), searches, input: screen.getByRole('combobox', { name: 'Buscar productos' }) };
}

const options = () => {
  const list = screen.queryByRole('listbox', { name: 'Productos sugeridos' });
  return list ? within(list).queryAllByRole('option') : [];
};
/** The shopper went to this address, and the list closed behind her. */
function expectLeftFor(input: HTMLElement, location: string) {
  expect(screen.getByTestId('location')).toHaveTextContent(location);
  expect(input).toHaveAttribute('aria-expanded', 'false');
}
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('search box suggestions', () => {
  it('asks once the shopper stops typing (2 characters or more) and lists at most 6 products with picture and price', async () => {
    const { user, searches, input } = setup();
    await user.type(input, 'c');
    await wait(300);
    expect(searches()).toEqual([]);
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.type(input, 'orp');
    await waitFor(() => expect(options()).toHaveLength(6));
    expect(searches()).toHaveLength(1);
    expect(searches()[0]?.params).toMatchObject({ searchTerm: 'corp', limit: 6 });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(options()[0]).toHaveTextContent('Corpiño 1$9.000');
    expect(options()[0]?.querySelector('img')).toHaveAttribute('src', '/images/products/p1.webp');
    expect(options().every((option) => option.getAttribute('aria-selected') === 'false')).toBe(true);
  });

  it('works with the keyboard: arrows move round, Enter opens the highlighted product, Escape closes', async () => {
    const { user, input } = setup();
    await user.type(input, 'corp');
    await waitFor(() => expect(options()).toHaveLength(6));
    await user.keyboard('{ArrowDown}');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options()[0]?.id);
    await user.keyboard('{ArrowDown}');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    expect(options()[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    // Up from the first goes round to the last.
    expect(options()[5]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options()[5]?.id);

    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(input).toHaveValue('corp');

    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expectLeftFor(input, '/product/c2');
  });

  it('submits the search with Enter when nothing is highlighted, and a click elsewhere closes the list', async () => {
    const { user, input } = setup();
    await user.type(input, 'corp');
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'));
    await user.click(screen.getByRole('button', { name: 'Otra cosa' }));
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.type(input, 'iño');
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{Enter}');
    expectLeftFor(input, '/search?q=corpi%C3%B1o');
  });

  it('a click on a suggestion opens its product', async () => {
    const { user, input } = setup();
    await user.type(input, 'corp');
    await waitFor(() => expect(options()).toHaveLength(6));
    await user.click(screen.getByRole('option', { name: /Corpiño 3/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/product/c3');
  });

  it('never shows the answer of an older term, and keeps the list while the next answer loads', async () => {
    const slow = { co: deferred<MockReply>(), corp: deferred<MockReply>() };
    const { user, input, searches } = setup((term) =>
      term === 'co' || term === 'corp' ? slow[term].promise : { data: productListAnswer(corpinos.slice(0, 2)) },
    );
    await user.type(input, 'co');
    await waitFor(() => expect(searches()).toHaveLength(1));
    await user.type(input, 'r');
    await waitFor(() => expect(options()).toHaveLength(2));
    slow.co.resolve({ data: productListAnswer(corpinos) });
    await wait(50);
    expect(options()).toHaveLength(2);

    await user.type(input, 'p');
    await waitFor(() => expect(searches()).toHaveLength(3));
    // 'corp' is on its way: the previous suggestions stay (no flicker), then the new ones replace them.
    expect(options()).toHaveLength(2);
    slow.corp.resolve({ data: productListAnswer(corpinos.slice(5)) });
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['Corpiño 6$15.000', 'Corpiño 7$16.000', 'Corpiño 8$17.000']));
    await user.clear(input);
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });
});
