import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { ProductGrid } from './product-grid';

const categories = [{ name: 'conjuntos', display_name: 'Conjuntos' }];

describe('product card rating', () => {
  it('shows the stars and the count only for a product with published reviews', () => {
    // The cards ask for the site's content (transfer discount, VAT): no answer needed here, and no real request.
    mockApi();
    renderWithApp(
      <ProductGrid
        products={[makeProduct({ rating: { average: 4.5, count: 3 } }), makeProduct({ _id: 'p2', title: 'Body Rubí' })]}
        categories={categories}
      />,
    );
    const [rated, unrated] = screen.getAllByTestId('product-card');
    const rating = within(rated!).getByTestId('card-rating');
    expect(within(rating).getByRole('img', { name: '4,5 de 5 estrellas' })).toBeInTheDocument();
    expect(rating).toHaveTextContent('(3)');
    expect(within(rating).getByText('3 opiniones')).toHaveClass('visually-hidden');
    expect(within(unrated!).queryByTestId('card-rating')).not.toBeInTheDocument();
    expect(within(unrated!).queryByRole('img', { name: /estrellas/ })).not.toBeInTheDocument();
  });

  it('writes a whole average without decimals and one opinion in the singular', () => {
    mockApi();
    renderWithApp(<ProductGrid products={[makeProduct({ rating: { average: 5, count: 1 } })]} categories={categories} />);
    const rating = screen.getByTestId('card-rating');
    expect(within(rating).getByRole('img', { name: '5 de 5 estrellas' })).toBeInTheDocument();
    expect(rating).toHaveTextContent('(1)');
    expect(within(rating).getByText('1 opinión')).toBeInTheDocument();
  });
});
