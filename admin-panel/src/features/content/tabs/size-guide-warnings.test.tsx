import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { siteContentSchema } from '@shop/shared';
import { renderApp, signInStorage } from '@/test/render';
import { mockContentApi } from '@/test/mock-api';
import { contentFixture } from '@/test/fixtures';
import { ContentEditorPage } from '../content-editor-page';

function setup() {
  signInStorage();
  const calls = mockContentApi(contentFixture());
  renderApp(<ContentEditorPage />, { route: '/content', path: '/content' });
  return { calls, user: userEvent.setup() };
}

describe('size guide warnings', () => {
  it('lists the measurements the size finder cannot read, and saves anyway', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('tab', { name: 'Guía de Tallas' }));
    const corpinos = within(screen.getAllByTestId('size-guide-warnings')[0] ?? document.body);
    expect(corpinos.queryByText(/No puedo leer/)).not.toBeInTheDocument();

    const contorno = screen.getByRole('textbox', { name: 'Contorno de la fila 2' });
    await user.clear(contorno);
    await user.type(contorno, 'consultar');
    const busto = screen.getByRole('textbox', { name: 'Busto de la fila 3' });
    await user.clear(busto);
    expect(corpinos.getByRole('list')).toHaveTextContent(
      'No puedo leer la medida «consultar» en la fila 2, columna ContornoFalta la medida en la fila 3, columna Busto',
    );
    expect(corpinos.getByText(/Podés guardar igual/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Contenido actualizado exitosamente!')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(siteContentSchema.parse(put?.body).sizeGuides[0]?.tableRows[1]?.measurements).toEqual(['consultar', '90-95']);
  });
});
