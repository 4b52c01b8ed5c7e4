import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/**
 * The one line every form that asks for personal data shows (Ley 25.326, art. 6): what the data is for, and the
 * privacy policy that says the rest.
 */
export function PrivacyNotice({ purpose }: { purpose: string }) {
  return (
    <p className="privacy-notice" data-testid="privacy-notice">
      Usamos estos datos solo para {purpose}. Más en la <Link to={paths.privacy}>Política de privacidad</Link>.
    </p>
  );
}
