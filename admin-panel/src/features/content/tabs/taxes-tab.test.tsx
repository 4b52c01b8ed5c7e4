import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSiteContent, type SiteContent } from '@shop/shared';
import { ContentHarness } from '@/test/content-harness';
import { TaxesTab } from './taxes-tab';

/** The default content with two categories of the catalogue. */
function withCategories(): SiteContent {
  const content = defaultSiteContent();
  content.productCatalog.categories = [
    { name: 'corpinos', display_name: 'Corpiños' },
    { name: 'libros', display_name: 'Libros' },
  ] as SiteContent['productCatalog']['categories'];
  return content;
}

function Harness({ onChange }: { onChange: (content: SiteContent) => void }) {
  return (
    <ContentHarness onChange={onChange} initial={withCategories}>
      {(content, edit) => <TaxesTab content={content} edit={edit} />}
    </ContentHarness>
  );
}

describe('content editor: Impuestos', () => {
  it('says what the rate is for, and sets the shop rate and a category of its own', async () => {
    let saved = withCategories();
    render(<Harness onChange={(next) => (saved = next)} />);
    const user = userEvent.setup();
    const editor = screen.getByTestId('taxes-editor');
    expect(editor).toHaveTextContent('Ley 27.743');
    expect(editor).toHaveTextContent('«Precio sin impuestos nacionales»');
    expect(editor).toHaveTextContent('$12.100 al 21 % muestra $10.000');
    const rate = screen.getByLabelText('Alícuota de IVA de los precios de la tienda');
    expect(rate).toHaveValue('21');
    await user.selectOptions(rate, '10.5');
    expect(saved.taxes.vatRate).toBe(10.5);

    await user.click(screen.getByRole('button', { name: 'Agregar categoría con otra alícuota' }));
    const row = screen.getByTestId('category-rate');
    await user.selectOptions(within(row).getByLabelText('Categoría'), 'libros');
    await user.selectOptions(within(row).getByLabelText('Alícuota'), '0');
    expect(saved.taxes.categoryRates).toEqual([{ category: 'libros', rate: 0 }]);
    await user.click(within(row).getByRole('button', { name: /Quitar/ }));
    expect(saved.taxes.categoryRates).toEqual([]);
  });
});
