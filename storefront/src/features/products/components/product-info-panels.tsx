import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ChevronDown, Ruler } from 'lucide-react';
import { sizeGuidesForCategory, type Product, type SiteContent } from '@shop/shared';
import { ContentIcon } from '@/components/content-icon';
import { DisclosureButton } from '@/components/disclosure-button';
import { paths } from '@/config/paths';
import { SizeGuides } from './size-guides';

const FALLBACK_INFO_CARDS = [
  { icon: 'Truck', title: 'Envío gratis', description: 'En compras desde $30.000 dentro de Neuquén.', enabled: true },
  { icon: 'RefreshCw', title: '30 días para cambios', description: 'Cambiá talle o modelo sin complicaciones.', enabled: true },
  { icon: 'ShieldCheck', title: 'Garantía', description: 'Calidad garantizada en todas nuestras prendas.', enabled: true },
];

interface PanelsProps {
  product: Product;
  content: SiteContent;
  /** Opens "¿Cuál es mi talle?" (next to the size picker); the size guide offers it. */
  onOpenFinder?: () => void;
}

/** What the product page says besides buying: the size guide, the shop's info cards and the owner's sections. */
export function ProductInfoPanels({ product, content, onOpenFinder }: PanelsProps) {
  return (
    <>
      <SizeGuideToggle product={product} content={content} onOpenFinder={onOpenFinder} />
      <InfoCards content={content} />
      {content.returns.enabled && (
        <p className="small product-returns-link">
          <Link to={paths.returnsPolicy} data-testid="product-returns-link">
            Cambios y devoluciones: {content.returns.windowDays} días desde la entrega
          </Link>
        </p>
      )}
      <ExpandableSections content={content} />
    </>
  );
}

/** The size guides of the product's category, behind a button (when the owner shows it and there are guides). */
function SizeGuideToggle({ product, content, onOpenFinder }: PanelsProps) {
  const [guideOpen, setGuideOpen] = useState(false);
  const guides = sizeGuidesForCategory(product.category, content.sizeGuides);
  if (!content.productDetail.showSizeGuideButton || guides.length === 0) return null;
  return (
    <div className="size-guide-toggle">
      <DisclosureButton open={guideOpen} onToggle={() => setGuideOpen((v) => !v)} controls="product-size-guides">
        <Ruler size={16} aria-hidden="true" />
        {content.productDetail.sizeGuideButtonText || 'Guía de tallas'}
      </DisclosureButton>
      <div id="product-size-guides" hidden={!guideOpen}>
        {guideOpen && <SizeGuides guides={guides} categories={content.productCatalog.categories} onOpenFinder={onOpenFinder} />}
      </div>
    </div>
  );
}

/** Shipping, changes, guarantee: the owner's enabled cards, or the shop's defaults when there are none. */
function InfoCards({ content }: { content: SiteContent }) {
  const infoCards = content.productDetail.infoCards.filter((c) => c.enabled);
  return (
    <ul className="detail-cards">
      {(infoCards.length > 0 ? infoCards : FALLBACK_INFO_CARDS).map((card, index) => (
        <li key={`${card.title}-${index}`} className="detail-card">
          <ContentIcon name={card.icon} size={22} className="detail-card__icon" />
          <div>
            <h2>{card.title}</h2>
            <p>{card.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The owner's enabled sections as an accordion, each closed at first. */
function ExpandableSections({ content }: { content: SiteContent }) {
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const sections = content.productDetail.expandableSections.filter((s) => s.enabled);
  if (sections.length === 0) return null;
  return (
    <div className="accordion" data-testid="expandable-sections">
      {sections.map((section, index) => {
        const key = section.id || `section-${index}`;
        const isOpen = open[key] ?? false;
        return (
          <div key={key} className="accordion__item">
            <h2 className="accordion__heading">
              <button
                type="button"
                aria-expanded={isOpen}
                aria-controls={`panel-${key}`}
                onClick={() => setOpen((o) => ({ ...o, [key]: !isOpen }))}
              >
                {section.title}
                <ChevronDown size={18} aria-hidden="true" className="accordion__chevron" />
              </button>
            </h2>
            <div id={`panel-${key}`} className="accordion__panel" hidden={!isOpen}>
              <p>{section.content}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
