import { useEffect } from 'react';
import { env } from '@/config/env';
import { CatalogSection } from '@/features/catalog';
import { useSiteContent } from '@/features/content';
import { ContactSection } from './contact-section';
import { Hero } from './hero';
import { WhyChoose } from './why-choose';

export const CONTENT_ERROR_TEXT = 'No se pudo cargar el contenido del sitio. Intente recargar la página.';

export function HomePage() {
  const { content, isError, isLoading } = useSiteContent();
  useEffect(() => {
    document.title = `${env.brandName} · Lencería en Neuquén`;
  }, []);
  return (
    <div data-testid="home-page">
      {isError && (
        <div className="container">
          <div className="notice notice--warning" role="alert">
            <strong>Error al cargar el contenido del sitio.</strong> {CONTENT_ERROR_TEXT}
          </div>
        </div>
      )}
      <Hero hero={content.hero} loading={isLoading} />
      <CatalogSection content={content} />
      <WhyChoose block={content.whyChooseJazmin} />
      <ContactSection contact={content.contact} />
    </div>
  );
}
