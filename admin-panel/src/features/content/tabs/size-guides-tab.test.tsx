import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SizeGuide } from '@shop/shared';
import { contentFixture } from '@/test/fixtures';
import { SizeGuideEditor } from './size-guides-tab';

function Harness({ initial, onChange }: { initial: SizeGuide; onChange: (g: SizeGuide) => void }) {
  const [guide, setGuide] = useState(initial);
  return (
    <SizeGuideEditor
      guide={guide}
      categories={contentFixture().productCatalog.categories}
      update={(g) => {
        setGuide(g);
        onChange(g);
      }}
    />
  );
}

function measurementInputs(rowIndex: number) {
  const rows = within(screen.getByTestId('size-guide-rows')).getAllByRole('row').slice(1);
  const row = rows[rowIndex];
  if (!row) throw new Error(`no row ${rowIndex}`);
  return within(row).getAllByRole('textbox').slice(1);
}

/** Renders the editor on the fixture's guide `index`; `latest()` is the guide as the editor last changed it. */
function renderGuide(index: number) {
  const user = userEvent.setup();
  const guide = contentFixture().sizeGuides[index];
  if (!guide) throw new Error('fixture');
  let latest = guide;
  render(<Harness initial={guide} onChange={(g) => (latest = g)} />);
  return { user, latest: () => latest };
}

describe('SizeGuideEditor', () => {
  it('keeps each row with headers minus one measurements while columns are added and removed', async () => {
    const { user, latest } = renderGuide(0);

    expect(measurementInputs(0)).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Agregar columna' }));
    expect(measurementInputs(0)).toHaveLength(3);
    expect(measurementInputs(0)[2]).toHaveValue('');
    expect(latest().tableRows.every((r) => r.measurements.length === latest().tableHeaders.length - 1)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Quitar columna Busto' }));
    expect(latest().tableHeaders).toEqual(['Talle', 'Contorno', 'Medida 3']);
    expect(latest().tableRows[0]?.measurements).toEqual(['70-75', '']);
    expect(measurementInputs(1)).toHaveLength(2);
  });

  it('adds a row with an empty size and one empty measurement per column', async () => {
    const { user, latest } = renderGuide(1);
    await user.click(screen.getByRole('button', { name: 'Agregar fila' }));
    expect(latest().tableRows.at(-1)).toEqual({ size: '', measurements: [''] });
    await user.type(screen.getByRole('textbox', { name: 'Cadera de la fila 4' }), '104-110');
    expect(latest().tableRows.at(-1)).toEqual({ size: '', measurements: ['104-110'] });
  });
});
