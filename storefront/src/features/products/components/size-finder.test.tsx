import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { braSizeGuide, makeContent, makeProduct } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import ProductPage from './product-page';
import QuickView from './quick-view';

/** The demo store's bra guide (cms seed): bands 85 to 105 with their cups. */
const content = makeContent((c) => {
  c.sizeGuides = [braSizeGuide()];
});

const bra = makeProduct({
  category: 'corpinos',
  title: 'Corpiño Soft',
  stock: 5,
  size: ['85B', '90B', '95C'],
  stockBySize: { '85B': 2, '90B': 3, '95C': 0 },
});

function setup(product = bra) {
  const requests = mockApi({
    'GET /content': { status: 200, data: { content } },
    'GET /products/*': { status: 200, data: { product } },
    'GET /products': {
      status: 200,
      data: { status: 'success', payload: [bra], totalPages: 1, totalDocs: 1, totalProducts: 1, page: 1, limit: 5 },
    },
    'POST /interactions': { status: 201, data: {} },
  });
  renderWithApp(<ProductPage />, { route: `/product/${product._id}`, path: '/product/:id' });
  return { requests, user: userEvent.setup() };
}

async function openFinder(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: '¿Cuál es mi talle?' }));
  return screen.getByTestId('size-finder');
}

async function measure(user: ReturnType<typeof userEvent.setup>, underbust: string, bust: string) {
  const finder = screen.getByTestId('size-finder');
  await user.clear(within(finder).getByLabelText('Contorno bajo busto (cm)'));
  await user.type(within(finder).getByLabelText('Contorno bajo busto (cm)'), underbust);
  await user.clear(within(finder).getByLabelText('Contorno de busto (cm)'));
  await user.type(within(finder).getByLabelText('Contorno de busto (cm)'), bust);
  await user.click(within(finder).getByRole('button', { name: 'Ver mi talle' }));
}

describe('size finder on the product page', () => {
  it('asks the guide’s measurements, answers 90B, chooses it and adds it to the cart; the measurements stay in the browser', async () => {
    const { user, requests } = setup();
    const finder = await openFinder(user);
    const inputs = within(finder).getAllByRole('textbox');
    expect(inputs.map((i) => i.getAttribute('inputmode'))).toEqual(['decimal', 'decimal']);
    expect(within(finder).getByRole('img', { name: /Dónde medir: bajo busto, busto/ })).toBeInTheDocument();

    // Nothing typed: each field says what is missing, tied to it; the first takes the focus.
    await user.click(within(finder).getByRole('button', { name: 'Ver mi talle' }));
    const underbust = within(finder).getByLabelText('Contorno bajo busto (cm)');
    expect(underbust).toHaveAttribute('aria-invalid', 'true');
    expect(underbust).toHaveAccessibleDescription(/Ingresá tu contorno bajo busto en centímetros\./);
    expect(underbust).toHaveFocus();
    await user.type(underbust, 'setenta');
    await user.click(within(finder).getByRole('button', { name: 'Ver mi talle' }));
    expect(underbust).toHaveAccessibleDescription(/Escribí solo el número en centímetros/);

    await measure(user, '75,5', '91,5');
    const result = screen.getByTestId('size-finder-result');
    expect(result).toHaveAttribute('aria-live', 'polite');
    expect(result).toHaveTextContent('Tu talle es 90B.');
    expect(result).toHaveTextContent('Talle 90B disponible en Negro.');
    expect(underbust).not.toHaveAttribute('aria-invalid');

    await user.click(within(result).getByRole('button', { name: 'Elegir talle 90B' }));
    expect(within(screen.getByTestId('size-selector')).getByRole('button', { name: '90B' })).toHaveAttribute('aria-pressed', 'true');
    expect(result).toHaveTextContent('Elegiste 90B. Ya podés agregarlo al carrito.');
    await user.click(screen.getByTestId('add-to-cart'));
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toMatchObject([{ id: 'p1', size: '90B', quantity: 1 }]);

    expect(JSON.parse(localStorage.getItem('size-finder-measurements') ?? '{}')).toEqual({
      'contorno bajo busto': 75.5,
      'contorno de busto': 91.5,
    });
    const sent = JSON.stringify(requests);
    for (const typed of ['75.5', '75,5', '91.5', '91,5', 'contorno']) expect(sent).not.toContain(typed);
  });

  it('names a sold-out size with the alert, a size the product lacks, and a measurement outside the guide', async () => {
    const { user } = setup();
    await openFinder(user);
    await measure(user, '80', '96');
    const result = screen.getByTestId('size-finder-result');
    expect(result).toHaveTextContent('Talle 95C agotado en Negro.');
    await user.click(within(result).getByRole('button', { name: 'Avisame cuando vuelva el 95C' }));
    expect(screen.getByRole('form', { name: 'Avisame cuando vuelva' })).toHaveTextContent('El talle 95C está agotado.');

    await measure(user, '85', '101');
    expect(result).toHaveTextContent('Tu talle es 100C.');
    expect(result).toHaveTextContent('Este modelo no viene en talle 100C.');
    expect(within(result).queryByRole('button')).not.toBeInTheDocument();

    await measure(user, '64', '80');
    expect(result).toHaveTextContent(
      'Tu contorno bajo busto (64 cm) es menor que la medida del talle más chico de la guía (85B: 68 a 72 cm).',
    );
  });

  it('on the edge between two sizes recommends the larger and offers both; remembered measurements answer on the next visit', async () => {
    localStorage.setItem('size-finder-measurements', JSON.stringify({ 'contorno bajo busto': 72, 'contorno de busto': 88, cintura: 70 }));
    const { user } = setup();
    const finder = await openFinder(user);
    expect(within(finder).getByLabelText('Contorno bajo busto (cm)')).toHaveValue('72');
    const result = screen.getByTestId('size-finder-result');
    expect(result).toHaveTextContent('está justo en el límite entre 85B y 90B. Te recomendamos 90B');
    expect(
      within(result)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Elegir talle 90B', 'Elegir talle 85B']);
  });

  it('shows how the model fits from the shop’s exchanges, and moves the answer one size where it runs small', async () => {
    const { user } = setup({ ...bra, fit: { direction: 'small', basedOn: 6 } });
    expect(await screen.findByTestId('fit-note')).toHaveTextContent(
      'La mayoría de las clientas eligió un talle más. Según 6 cambios de talle.',
    );
    await openFinder(user);
    await measure(user, '75,5', '91,5');
    const result = screen.getByTestId('size-finder-result');
    expect(result).toHaveTextContent('Tu talle en este modelo es 95C. Este modelo calza chico: en otros sería 90B.');
    expect(result).toHaveTextContent('Talle 95C agotado en Negro.');
  });

  it('names what the fit rests on, each source with its count, in the note and the moved answer', async () => {
    const sources = { exchanges: { up: 3, down: 0 }, reviews: { small: 12, true: 2, large: 0 } };
    const { user } = setup({ ...bra, fit: { direction: 'small', basedOn: 17, sources } });
    expect(await screen.findByTestId('fit-note')).toHaveTextContent(
      'La mayoría de las clientas eligió un talle más. Según 3 cambios de talle y 14 opiniones.',
    );
    await openFinder(user);
    await measure(user, '75,5', '91,5');
    expect(screen.getByTestId('size-finder-result')).toHaveTextContent(
      'en otros sería 90B. Nos basamos en 12 compradoras que dicen que calza chico y 3 cambios por talle.',
    );
  });

  it('shows no fit note for a model without enough exchanges', async () => {
    setup();
    await screen.findByTestId('size-selector');
    expect(screen.queryByTestId('fit-note')).not.toBeInTheDocument();
  });

  it('opens from the size guide with the focus on its first measurement', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: /Guía de tallas/ }));
    await user.click(screen.getByRole('button', { name: '¿Cuál es mi talle? Calculalo con tus medidas' }));
    expect(within(screen.getByTestId('size-finder')).getByLabelText('Contorno bajo busto (cm)')).toHaveFocus();
  });
});

describe('size finder in the quick view', () => {
  it('offers the same finder with the remembered measurements, and its answer chooses the size there', async () => {
    localStorage.setItem('size-finder-measurements', JSON.stringify({ 'contorno bajo busto': 75, 'contorno de busto': 91 }));
    mockApi({
      'GET /content': { status: 200, data: { content } },
      'GET /products/*': { status: 200, data: { product: bra } },
    });
    renderWithApp(<QuickView product={bra} categoryName="Corpiños" onClose={() => undefined} />);
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Corpiño Soft' });
    await user.click(await within(dialog).findByRole('button', { name: '¿Cuál es mi talle?' }));
    const finder = within(dialog).getByTestId('size-finder');
    expect(within(finder).getByLabelText('Contorno bajo busto (cm)')).toHaveValue('75');
    const result = within(dialog).getByTestId('size-finder-result');
    expect(result).toHaveTextContent('Tu talle es 90B.');
    await user.click(within(result).getByRole('button', { name: 'Elegir talle 90B' }));
    expect(within(within(dialog).getByTestId('quick-view-sizes')).getByRole('button', { name: '90B' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Agregar al Carrito' }));
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toMatchObject([{ id: 'p1', size: '90B', quantity: 1 }]);
  });
});
