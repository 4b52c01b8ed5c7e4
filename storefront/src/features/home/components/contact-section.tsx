import { lazy, Suspense } from 'react';
import type { SiteContent } from '@shop/shared';
import { ContentIcon } from '@/components/content-icon';
import { SECTIONS } from '@/config/paths';
import { SectionHeader } from '@/components/section-header';
import { useNearViewport } from '@/lib/when-idle';

// The form (and react-hook-form with it) is far below the first screen: its own chunk, loaded when the shopper
// scrolls near it.
const ContactForm = lazy(() => import('./contact-form').then((module) => ({ default: module.ContactForm })));

export function ContactSection({ contact }: { contact: SiteContent['contact'] }) {
  // The form's code is asked for when the shopper comes near it, so it never competes with the first screen.
  const [formPlace, nearForm] = useNearViewport<HTMLDivElement>();
  return (
    <section id={SECTIONS.contact} className="section contact" aria-labelledby="contact-title" data-testid="contact">
      <div className="container">
        <SectionHeader headingId="contact-title" title={contact.mainTitle} subtitle={contact.subtitle} />
        <div className="contact__layout">
          <div className="contact__info">
            {contact.description && <p className="contact__description">{contact.description}</p>}
            <ul className="info-cards">
              {contact.contactInfo.map((card, index) => (
                <li key={`${card.title}-${index}`} className="info-card">
                  <span className="info-card__icon">
                    <ContentIcon name={card.icon} size={22} />
                  </span>
                  <div>
                    <h3>{card.title}</h3>
                    {card.details.filter(Boolean).map((detail) => (
                      <p key={detail}>{detail}</p>
                    ))}
                    {card.description && <p className="muted small">{card.description}</p>}
                  </div>
                </li>
              ))}
            </ul>
            {contact.socialMedia.length > 0 && (
              <ul className="social-links" aria-label="Redes sociales">
                {contact.socialMedia.map((social, index) => (
                  <li key={`${social.name}-${index}`}>
                    <a
                      href={social.link || undefined}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="social-link"
                      aria-disabled={social.link ? undefined : true}
                    >
                      <ContentIcon name={social.icon} fallback="Globe" size={20} />
                      <span>
                        <strong>{social.name}</strong>
                        {social.handle && <span className="muted small"> {social.handle}</span>}
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <Suspense fallback={<div className="card contact-form contact-form--loading" aria-hidden="true" />}>
            {nearForm ? (
              <ContactForm
                title={contact.formTitle}
                description={contact.formDescription}
                responseMessage={contact.responseMessage}
                disclaimer={contact.responseDisclaimer}
              />
            ) : (
              <div ref={formPlace} className="card contact-form contact-form--loading" aria-hidden="true" />
            )}
          </Suspense>
        </div>
      </div>
    </section>
  );
}
