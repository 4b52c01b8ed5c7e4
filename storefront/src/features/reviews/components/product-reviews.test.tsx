import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProductReviewsAnswer, Review } from '@shop/shared';
import { mockApi, type MockReply, type RecordedRequest } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { ProductReviews } from './product-reviews';

function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    id: 1,
    stars: 5,
    title: 'Divino',
    text: 'Muy cómodo y el encaje no pica.',
    fit: 'true',
    size: 'M',
    color: 'Negro',
    usualSize: 'S',
    author: 'María G.',
    verified: true,
    createdAt: '2026-03-12T15:00:00.000Z',
    reply: { text: '¡Gracias, María!', at: '2026-03-13T12:00:00.000Z' },
    ...overrides,
  };
}

const REVIEWS = [
  makeReview(),
  makeReview({
    id: 2,
    stars: 4,
    title: '',
    text: 'Lindo.',
    fit: 'small',
    size: 'L',
    color: '',
    usualSize: '',
    author: 'Ana P.',
    reply: null,
  }),
  makeReview({ id: 3, stars: 4, title: 'Bien', text: '', author: 'Sol R.', reply: null, createdAt: '2026-03-01T15:00:00.000Z' }),
];

function answer(reviews: Review[], overrides: Partial<ProductReviewsAnswer> = {}): ProductReviewsAnswer {
  return {
    summary: { average: 4.3, count: 3, stars: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 }, fit: { small: 1, true: 2, large: 0 } },
    reviews,
    page: 1,
    pageSize: 10,
    total: reviews.length,
    sizes: ['L', 'M'],
    ...overrides,
  };
}

function setup(reply: (request: RecordedRequest) => MockReply) {
  const requests = mockApi({ 'GET /products/p1/reviews': reply });
  renderWithApp(<ProductReviews productId="p1" />);
  const sent = () => requests.filter((r) => r.url === '/products/p1/reviews').map((r) => r.params);
  return { sent, user: userEvent.setup(), section: screen.getByRole('region', { name: 'Opiniones' }) };
}

describe('product page: Opiniones', () => {
  it('shows the average, the count, the stars spread, the fit and the reviews with their details and replies', async () => {
    const { section } = setup(() => ({ data: answer(REVIEWS) }));
    expect(await within(section).findByTestId('review-average')).toHaveTextContent('4,3');
    expect(within(section).getByRole('img', { name: '4,3 de 5 estrellas' })).toBeInTheDocument();
    expect(within(section).getByTestId('review-count')).toHaveTextContent('3 opiniones');

    const bars = within(section).getByRole('list', { name: 'Opiniones por cantidad de estrellas' });
    const rows = within(bars).getAllByRole('listitem');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent('5 estrellas: 1 opinión (33 %)');
    expect(rows[1]).toHaveTextContent('4 estrellas: 2 opiniones (67 %)');
    expect(rows[4]).toHaveTextContent('1 estrella: 0 opiniones (0 %)');

    const fit = within(section).getByTestId('review-fit');
    expect(fit).toHaveTextContent('La mayoría dice que calza justo');
    expect(fit).toHaveTextContent('Me quedó chico: 1');
    expect(fit).toHaveTextContent('Justo: 2');
    expect(fit).toHaveTextContent('Me quedó grande: 0');

    const items = within(section).getAllByTestId('review');
    expect(items).toHaveLength(3);
    const first = items[0]!;
    expect(within(first).getByRole('img', { name: '5 de 5 estrellas' })).toBeInTheDocument();
    expect(within(first).getByRole('heading', { level: 3, name: 'Divino' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Muy cómodo y el encaje no pica.');
    expect(first).toHaveTextContent('María G.');
    expect(first).toHaveTextContent('Compra verificada');
    expect(first).toHaveTextContent('Talle comprado: M · Color: Negro');
    expect(first).toHaveTextContent('Su talle habitual: S');
    expect(within(first).getByText('12 de marzo de 2026')).toHaveAttribute('dateTime', '2026-03-12T15:00:00.000Z');
    expect(within(first).getByTestId('review-reply')).toHaveTextContent('Respuesta de la tienda¡Gracias, María!');

    const second = items[1]!;
    expect(within(second).queryByRole('heading')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Talle comprado: L');
    expect(second).not.toHaveTextContent('Color:');
    expect(second).not.toHaveTextContent('Su talle habitual');
    expect(within(second).queryByTestId('review-reply')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Ver más opiniones' })).not.toBeInTheDocument();
  });

  it('filters by how it fitted and by the size bought, asking the server with those parameters', async () => {
    const { sent, user, section } = setup((request) => {
      const { fit, size } = request.params;
      const list = REVIEWS.filter((r) => (!fit || r.fit === fit) && (!size || r.size === size));
      return { data: answer(list) };
    });
    await within(section).findAllByTestId('review');
    expect(sent()).toEqual([{ page: 1 }]);

    const small = within(section).getByRole('button', { name: 'Me quedó chico' });
    expect(within(section).getByRole('button', { name: 'Todas' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(small);
    await waitFor(() => expect(within(section).getAllByTestId('review')).toHaveLength(1));
    expect(small).toHaveAttribute('aria-pressed', 'true');
    expect(sent().at(-1)).toEqual({ fit: 'small', page: 1 });
    expect(within(section).getByTestId('reviews-shown')).toHaveTextContent('1 opinión con este filtro');
    expect(within(section).getByTestId('review')).toHaveTextContent('Ana P.');

    await user.click(within(section).getByRole('button', { name: 'Todas' }));
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Talle comprado' }), 'M');
    await waitFor(() => expect(sent().at(-1)).toEqual({ size: 'M', page: 1 }));
    await waitFor(() => expect(within(section).getAllByTestId('review')).toHaveLength(2));

    // Nothing matches: says so and offers the whole list again.
    await user.click(within(section).getByRole('button', { name: 'Me quedó grande' }));
    expect(await within(section).findByText('No hay opiniones con este filtro.')).toBeInTheDocument();
    expect(sent().at(-1)).toEqual({ fit: 'large', size: 'M', page: 1 });
    await user.click(within(section).getByRole('button', { name: 'Ver todas las opiniones' }));
    await waitFor(() => expect(within(section).getAllByTestId('review')).toHaveLength(3));
  });

  it("pages with 'Ver más opiniones' while there are more than shown", async () => {
    const many = Array.from({ length: 12 }, (_, i) => makeReview({ id: i + 1, author: `Clienta ${i + 1}` }));
    const { sent, user, section } = setup((request) => {
      const page = Number(request.params.page);
      return { data: answer(many.slice((page - 1) * 10, page * 10), { page, total: 12 }) };
    });
    expect(await within(section).findAllByTestId('review')).toHaveLength(10);
    await user.click(within(section).getByRole('button', { name: 'Ver más opiniones' }));
    await waitFor(() => expect(within(section).getAllByTestId('review')).toHaveLength(12));
    expect(sent()).toEqual([{ page: 1 }, { page: 2 }]);
    expect(within(section).queryByRole('button', { name: 'Ver más opiniones' })).not.toBeInTheDocument();
  });

  it('says when there are no reviews yet, without filters', async () => {
    const { section } = setup(() => ({
      data: answer([], {
        summary: { average: 0, count: 0, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, fit: { small: 0, true: 0, large: 0 } },
        sizes: [],
      }),
    }));
    expect(await within(section).findByText('Todavía no hay opiniones de este producto.')).toBeInTheDocument();
    expect(within(section).queryByTestId('review-filters')).not.toBeInTheDocument();
    expect(within(section).queryByTestId('review-summary')).not.toBeInTheDocument();
  });

  it("shows the server's error and tries again on request", async () => {
    let calls = 0;
    const { user, section } = setup(() => {
      calls += 1;
      return calls === 1 ? { status: 500, data: { message: 'Error interno' } } : { data: answer(REVIEWS) };
    });
    expect(await within(section).findByTestId('reviews-error')).toHaveTextContent('Error interno');
    await user.click(within(section).getByRole('button', { name: 'Reintentar' }));
    expect(await within(section).findAllByTestId('review')).toHaveLength(3);
  });
});
