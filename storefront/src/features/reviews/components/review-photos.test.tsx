import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { REVIEW_MSG } from '@shop/shared';
import { ReviewPhotoPicker } from './review-photo-picker';
import { ReviewPhotos } from './review-photos';

const PHOTOS = [{ url: '/uploads/opinion_a.jpg' }, { url: '/uploads/opinion_b.jpg' }];

describe('a review’s photos on the product page', () => {
  it('are thumbnails that open an accessible dialog, closed by Escape or "Cerrar", the focus back on the thumbnail', async () => {
    const user = userEvent.setup();
    render(<ReviewPhotos photos={PHOTOS} author="María G." />);
    const second = screen.getByRole('button', { name: 'Ver foto 2 de la opinión de María G.' });
    expect(screen.getByRole('button', { name: 'Ver foto 1 de la opinión de María G.' })).toBeInTheDocument();
    await user.click(second);
    const dialog = screen.getByRole('dialog', { name: 'Foto 2 de 2 de la opinión de María G.' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('img', { name: 'Foto 2 que subió María G. con su opinión' })).toHaveAttribute(
      'src',
      '/uploads/opinion_b.jpg',
    );
    const close = within(dialog).getByRole('button', { name: 'Cerrar' });
    expect(close).toHaveFocus();
    // Tab stays inside (one button: it wraps to itself).
    await user.tab();
    expect(close).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(second).toHaveFocus();
    await user.click(second);
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(second).toHaveFocus();
  });

  it('are not there when the review has none', () => {
    render(<ReviewPhotos photos={[]} author="María G." />);
    expect(screen.queryByTestId('review-photos')).toBeNull();
  });
});

function Picker() {
  const [files, setFiles] = useState<File[]>([]);
  return <ReviewPhotoPicker idPrefix="review-0" files={files} onChange={setFiles} />;
}

const png = (name: string, size = 100) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('the review form’s photo picker', () => {
  it('takes up to 3 photos, each with "Quitar", and says in Spanish why others cannot go, before sending', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Picker />);
    const input = screen.getByLabelText('Fotos (opcional, hasta 3)');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('multiple');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await user.upload(input, [png('a.png'), png('b.png')]);
    expect(screen.getAllByRole('button', { name: /^Quitar foto/ })).toHaveLength(2);
    // Two more would be 4.
    await user.upload(input, [png('c.png'), png('d.png')]);
    expect(screen.getByRole('alert')).toHaveTextContent(REVIEW_MSG.photosTooMany);
    expect(screen.getAllByRole('button', { name: /^Quitar foto/ })).toHaveLength(2);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.upload(input, [png('grande.png', 9 * 1024 * 1024)]);
    expect(screen.getByRole('alert')).toHaveTextContent(REVIEW_MSG.photoTooBig);
    await user.upload(input, [new File(['hola'], 'nota.txt', { type: 'text/plain' })]);
    expect(screen.getByRole('alert')).toHaveTextContent(REVIEW_MSG.photoType);
    await user.click(screen.getByRole('button', { name: 'Quitar foto 1' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Quitar foto/ })).toHaveLength(1);
    await user.upload(input, [png('c.png'), png('d.png')]);
    expect(screen.getAllByRole('button', { name: /^Quitar foto/ })).toHaveLength(3);
  });
});
