import type { SiteContent } from '@shop/shared';
import { ContentIcon } from '@/components/content-icon';

export function WhyChoose({ block }: { block: SiteContent['whyChooseJazmin'] }) {
  return (
    <section className="section section--tinted why-choose" aria-labelledby="why-title" data-testid="why-choose">
      <div className="container">
        <header className="section__header">
          <h2 id="why-title" className="section__title">
            {block.mainTitle}
          </h2>
          {block.description && <p className="section__subtitle">{block.description}</p>}
        </header>
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
