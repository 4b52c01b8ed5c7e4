import type { SiteContent } from '@shop/shared';
import { ContentIcon } from '@/components/content-icon';
import { SectionHeader } from '@/components/section-header';

export function WhyChoose({ block }: { block: SiteContent['whyChooseJazmin'] }) {
  return (
    <section className="section section--tinted why-choose" aria-labelledby="why-title" data-testid="why-choose">
      <div className="container">
        <SectionHeader headingId="why-title" title={block.mainTitle} subtitle={block.description} />
        {block.values.length > 0 ? (
          <ul className="value-grid">
            {block.values.map((value, index) => (
              <li key={`${value.title}-${index}`} className="value-card">
                <span className="value-card__icon">
                  <ContentIcon name={value.icon} size={26} />
                </span>
                <h3>{value.title}</h3>
                <p>{value.description}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted center">Contenido no disponible.</p>
        )}
      </div>
    </section>
  );
}
