import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { FileText, ShieldCheck } from 'lucide-react';
import { NarrowPage } from '@/components/narrow-page';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useSiteContent } from '@/features/content';
import { DEFAULT_PRIVACY_TEXT, DEFAULT_TERMS_TEXT, fillLegalText, legalBlocks } from '@shop/shared';

const PAGES = {
  terms: { title: 'Términos y condiciones', icon: FileText, testId: 'terms-page', field: 'termsText', fallback: DEFAULT_TERMS_TEXT },
  privacy: {
    title: 'Política de privacidad',
    icon: ShieldCheck,
    testId: 'privacy-page',
    field: 'privacyText',
    fallback: DEFAULT_PRIVACY_TEXT,
  },
} as const;

/**
 * /terminos-y-condiciones and /politica-de-privacidad: the owner's texts (site content `legal`, the suggested ones
 * when she left them empty), with the shop's name, city and e-mail filled in. Plain text: headings ("## "), lists
 * ("- ") and paragraphs; nothing the owner writes becomes markup.
 */
function LegalTextPage({ page }: { page: keyof typeof PAGES }) {
  const { title, icon, testId, field, fallback } = PAGES[page];
  const { content } = useSiteContent();
  const text = fillLegalText(content.legal[field], fallback, { shopName: env.brandName, city: env.shopCity, email: env.shopEmail });
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <NarrowPage icon={icon} title={title} testId={testId} cardClass="legal-text">
      {legalBlocks(text).map((block, index) =>
        block.kind === 'heading' ? (
          <h2 key={index}>{block.text}</h2>
        ) : block.kind === 'list' ? (
          <ul key={index}>
            {block.items.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={index}>{block.text}</p>
        ),
      )}
      <Link className="btn btn--primary" to={paths.home}>
        Volver a la tienda
      </Link>
    </NarrowPage>
  );
}

export function TermsPage() {
  return <LegalTextPage page="terms" />;
}

export function PrivacyPage() {
  return <LegalTextPage page="privacy" />;
}
