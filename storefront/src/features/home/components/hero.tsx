import { useState } from 'react';
import { ArrowDown } from 'lucide-react';
import { DEFAULT_HERO_IMAGE, type SiteContent } from '@shop/shared';
import { HIGH_FETCH_PRIORITY } from '@/components/product-picture';
import { env } from '@/config/env';
import { SECTIONS } from '@/config/paths';
import { useGoToSection } from '@/lib/section-scroll';

/** Splits the slogan so its last word can be emphasised. */
export function splitSlogan(slogan: string): { lead: string; last: string } {
  const trimmed = slogan.trim();
  const at = trimmed.lastIndexOf(' ');
  if (at < 0) return { lead: '', last: trimmed };
  return { lead: trimmed.slice(0, at), last: trimmed.slice(at + 1) };
}

/**
 * `loading`: the site content is still on its way. The texts are laid out (the hero keeps its height) but hidden, so
 * the real slogan and description replace the defaults without the texts jumping (a layout shift).
 */
export function Hero({ hero, loading = false }: { hero: SiteContent['hero']; loading?: boolean }) {
  const goToSection = useGoToSection();
  // Failed pictures are skipped: first the configured one, then the default picture, then the CSS gradient.
  const [failed, setFailed] = useState<string[]>([]);
  const imageUrl = [hero.heroImage.url, DEFAULT_HERO_IMAGE].find((url) => url && !failed.includes(url)) ?? null;
  const onImageError = () => {
    if (imageUrl) setFailed((list) => [...list, imageUrl]);
  };

  const slogan = hero.slogan || env.brandName;
  const { lead, last } = splitSlogan(slogan);
  return (
    <section id={SECTIONS.home} className="hero" aria-labelledby="hero-title" data-testid="hero">
      <div className="hero__media" aria-hidden={imageUrl ? undefined : true}>
        {imageUrl && (
          <img src={imageUrl} alt={hero.heroImage.alt || ''} onError={onImageError} width={1600} height={900} {...HIGH_FETCH_PRIORITY} />
        )}
      </div>
      <div className={`hero__content container${loading ? ' hero__content--loading' : ''}`}>
        <p className="eyebrow eyebrow--light">{env.brandName}</p>
        <h1 id="hero-title" className="hero__title">
          {lead && <>{lead} </>}
          <em>{last}</em>
        </h1>
        {hero.mainDescription && <p className="hero__description">{hero.mainDescription}</p>}
        <button
          type="button"
          className="btn btn--primary btn--lg"
          onClick={() => goToSection(hero.buttonLink.replace(/^#/, '') || SECTIONS.products)}
        >
          {hero.buttonText || 'Ver Productos'}
          <ArrowDown size={18} aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}
