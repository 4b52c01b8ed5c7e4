import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultSiteContent } from '@shop/shared';
import { renderWithApp } from '@/test/render';
import { Hero, splitSlogan } from './hero';

describe('hero', () => {
  it('emphasises the last word of the slogan', () => {
    expect(splitSlogan('Lencería que te abraza')).toEqual({ lead: 'Lencería que te', last: 'abraza' });
    expect(splitSlogan('Jazmín')).toEqual({ lead: '', last: 'Jazmín' });
  });

  it('falls back to the default picture, then to the gradient when images fail', () => {
    const hero = defaultSiteContent().hero;
    hero.slogan = 'Lencería que te abraza';
    hero.heroImage = { url: '/uploads/roto.webp', alt: 'Conjunto de encaje', filename: 'roto.webp' };
    const { container } = renderWithApp(<Hero hero={hero} />);
    expect(screen.getByRole('heading', { level: 1 }).querySelector('em')).toHaveTextContent('abraza');
    expect(screen.getByRole('button', { name: /Ver Productos/ })).toBeInTheDocument();
    const img = screen.getByRole('img', { name: 'Conjunto de encaje' });
    expect(img).toHaveAttribute('src', '/uploads/roto.webp');
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'Conjunto de encaje' })).toHaveAttribute('src', '/images/hero-default.webp');
    fireEvent.error(screen.getByRole('img', { name: 'Conjunto de encaje' }));
    expect(container.querySelector('.hero img')).toBeNull();
  });
});
