import { Link } from 'react-router-dom';
import { ContentIcon } from '@/components/content-icon';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useSiteContent } from '@/features/content';
import { CONSUMER_DEFENSE_LINK_TEXT, hasDataFiscal } from '@shop/shared';

export function Footer() {
  const { content } = useSiteContent();
  const socials = content.contact.socialMedia;
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <p className="site-footer__name">{env.brandName}</p>
          <p>{env.brandTagline}</p>
        </div>
        {socials.length > 0 && (
          <ul className="social-list" aria-label="Redes sociales">
            {socials.map((social) => (
              <li key={`${social.name}-${social.handle}`}>
                {social.link ? (
                  <a href={social.link} target="_blank" rel="noopener noreferrer" aria-label={social.name || social.handle}>
                    <ContentIcon name={social.icon} fallback="Globe" size={20} />
                  </a>
                ) : (
                  <span aria-label={social.name || social.handle} role="img">
                    <ContentIcon name={social.icon} fallback="Globe" size={20} />
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        <nav className="site-footer__links" aria-label="Ayuda">
          <Link to={paths.tracking}>Seguí tu pedido</Link>
          <Link to={paths.returnsPolicy} data-testid="footer-returns-link">
            Cambios y devoluciones
          </Link>
          <Link to={paths.withdrawal}>Botón de arrepentimiento</Link>
          <Link to={paths.terms}>Términos y condiciones</Link>
          <Link to={paths.privacy}>Política de privacidad</Link>
          {/* The law's text, to the complaints portal the owner set (site content `legal`). */}
          <a href={content.legal.consumerDefenseUrl} target="_blank" rel="noopener noreferrer" data-testid="consumer-defense-link">
            {CONSUMER_DEFENSE_LINK_TEXT}
          </a>
        </nav>
        {/* RG AFIP 1415: the Data Fiscal QR, to the page ARCA gives the shop; hidden until the owner set both. */}
        {hasDataFiscal(content.legal) && (
          <a
            className="site-footer__data-fiscal"
            href={content.legal.dataFiscalUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="data-fiscal"
          >
            <img
              src={content.legal.dataFiscalImage}
              alt="Data Fiscal: datos fiscales de la tienda en ARCA"
              width={60}
              height={82}
              loading="lazy"
            />
          </a>
        )}
        <div className="site-footer__admin">
          {/* The back office is another app: a full page load, not a router link. */}
          <a className="btn btn--ghost-light btn--sm" href={paths.adminLogin}>
            Entrada administración
          </a>
        </div>
      </div>
      <div className="container site-footer__legal">
        <p>
          © {year} {env.brandName}. {env.shopCity}, Argentina.
        </p>
        <p>{env.developerCredit}</p>
      </div>
    </footer>
  );
}
