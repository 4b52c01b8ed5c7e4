import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE } from '@/lib/placeholder-image';
import { pictureSrcSet, ProductPicture } from './product-picture';

describe('ProductPicture', () => {
  it('offers the WebP copies of a shop picture with sizes and its intrinsic 4:5 size', () => {
    render(<ProductPicture src="/uploads/imagen-abc.jpg" alt="Body" sizes="50vw" />);
    const img = screen.getByRole('img', { name: 'Body' });
    expect(img).toHaveAttribute('src', '/uploads/imagen-abc.jpg');
    expect(img).toHaveAttribute(
      'srcset',
      '/uploads/variants/imagen-abc-320.webp 320w, /uploads/variants/imagen-abc-640.webp 640w, ' +
        '/uploads/variants/imagen-abc-960.webp 960w, /uploads/variants/imagen-abc-1200.webp 1200w',
    );
    expect(img).toHaveAttribute('sizes', '50vw');
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '1500');
  });

  it('loads lazily unless it is the first picture in view, which is eager and high priority', () => {
    const { rerender } = render(<ProductPicture src="/images/products/a.webp" alt="A" sizes="50vw" />);
    const img = screen.getByRole('img', { name: 'A' });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority');
    rerender(<ProductPicture src="/images/products/a.webp" alt="A" sizes="50vw" priority />);
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows a picture from elsewhere as is, with the given dimensions', () => {
    render(<ProductPicture src="https://cdn.example.com/a.jpg" alt="Externa" sizes="50vw" width={400} height={500} />);
    const img = screen.getByRole('img', { name: 'Externa' });
    expect(img).toHaveAttribute('src', 'https://cdn.example.com/a.jpg');
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '500');
  });

  it('falls back to the original when a copy is missing, then to the placeholder', () => {
    render(<ProductPicture src="/uploads/imagen-x.png" alt="X" sizes="50vw" />);
    const img = screen.getByRole('img', { name: 'X' });
    fireEvent.error(img);
    expect(img).not.toHaveAttribute('srcset');
    expect(img).toHaveAttribute('src', '/uploads/imagen-x.png');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', PLACEHOLDER_IMAGE);
  });

  it('shows the placeholder for an empty picture', () => {
    render(<ProductPicture src="  " alt="" sizes="84px" />);
    expect(document.querySelector('img')).toHaveAttribute('src', PLACEHOLDER_IMAGE);
  });

  it('builds no srcset for pictures without copies', () => {
    expect(pictureSrcSet('/uploads/variants/a-320.webp')).toBeNull();
    expect(pictureSrcSet('data:image/svg+xml,abc')).toBeNull();
    expect(pictureSrcSet('/images/products/b.webp')).toContain('/uploads/variants/images/products/b-960.webp 960w');
  });
});
