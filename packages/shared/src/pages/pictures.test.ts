import { describe, expect, it } from 'vitest';
import { pictureVariantUrl } from './pictures';

describe('pictureVariantUrl', () => {
  it('places the copies of uploaded and demo pictures under /uploads/variants', () => {
    expect(pictureVariantUrl('/uploads/bra-negro_a1b2.png', 640, 'webp')).toBe('/uploads/variants/bra-negro_a1b2-640.webp');
    expect(pictureVariantUrl('/images/body-encaje.webp', 1200, 'jpg')).toBe('/uploads/variants/images/body-encaje-1200.jpg');
    expect(pictureVariantUrl('/uploads/foto.JPEG', 320, 'avif')).toBe('/uploads/variants/foto-320.avif');
  });

  it('gives none for pictures from elsewhere, copies themselves, odd types or paths that climb', () => {
    expect(pictureVariantUrl('https://cdn.example.com/a.png', 640, 'webp')).toBeNull();
    expect(pictureVariantUrl('/uploads/variants/a-640.webp', 640, 'webp')).toBeNull();
    expect(pictureVariantUrl('/uploads/a.gif', 640, 'webp')).toBeNull();
    expect(pictureVariantUrl('/uploads/../secret.png', 640, 'webp')).toBeNull();
    expect(pictureVariantUrl('', 640, 'webp')).toBeNull();
  });
});
