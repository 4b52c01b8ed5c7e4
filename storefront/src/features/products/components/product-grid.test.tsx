import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { ProductGrid } from './product-grid';

const categories = [{ name: 'conjuntos', display_name: 'Conjuntos' }];

describe('product cards', () => {
  it('adds from the card with the first size and colour', async () => {
    renderWithApp(
      <ProductGrid products={[makeProduct({ size: ['90', '95'], colors: [{ name: 'Rosa', value: '#f0c' }] })]} categories={categories} />,
    );
    expect(screen.getByText('Conjuntos')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Agregar Conjunto Encaje Rosa al carrito' }));
    expect(screen.getByTestId('toast')).toHaveTextContent('¡Producto agregado al carrito!');
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toMatchObject([{ id: 'p1', size: '90', color: 'Rosa', quantity: 1 }]);
  });

  it("uses 'M' and 'Negro' when the product has no sizes or colours, and disables products without stock", async () => {
    renderWithApp(
      <ProductGrid
        products={[makeProduct({ size: [], colors: [] }), makeProduct({ _id: 'p2', title: 'Body Agotado', stock: 0 })]}
        categories={categories}
      />,
    );
    expect(screen.getByRole('button', { name: 'Agregar Body Agotado al carrito' })).toBeDisabled();
    expect(screen.getByText('Sin stock')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Agregar Conjunto Encaje Rosa al carrito' }));
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toMatchObject([{ id: 'p1', size: 'M', color: 'Negro' }]);
  });

  it('opens a quick view that asks for a size and closes with Escape', async () => {
    const user = userEvent.setup();
    renderWithApp(<ProductGrid products={[makeProduct()]} categories={categories} />);
    await user.click(screen.getByRole('button', { name: 'Vista rápida de Conjunto Encaje Rosa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conjunto Encaje Rosa' });
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Agregar al Carrito' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor selecciona una talla');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
