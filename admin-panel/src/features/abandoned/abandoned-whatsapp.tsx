import { MessageCircle } from 'lucide-react';
import { abandonedCheckoutWhatsappText, recoveryPath, whatsappLink, type AbandonedCheckout } from '@shop/shared';

/** The recovery link of a draft, on the storefront (same origin as the back office). */
export const recoveryUrl = (token: string) => `${window.location.origin}${recoveryPath(token)}`;

/**
 * 'Enviar por WhatsApp': a chat with the shopper, a Spanish message with the recovery link already written. Without a
 * phone that can be an Argentine mobile the button is disabled, with the reason beside it.
 */
export function AbandonedWhatsappLink({ draft }: { draft: AbandonedCheckout }) {
  const text = abandonedCheckoutWhatsappText(draft.fullName, recoveryUrl(draft.token));
  const href = draft.phone ? whatsappLink(draft.phone, text) : null;
  const whyId = `wa-why-${draft.token}`;
  if (href === null) {
    return (
      <span className="whatsapp-off">
        <button type="button" className="btn btn-whatsapp btn-sm" disabled aria-describedby={whyId}>
          <MessageCircle size={16} aria-hidden="true" /> Enviar por WhatsApp
        </button>
        <small id={whyId} className="hint">
          {draft.phone ? `El teléfono «${draft.phone}» no es un celular argentino válido.` : 'No dejó teléfono.'}
        </small>
      </span>
    );
  }
  return (
    <a className="btn btn-whatsapp btn-sm" href={href} target="_blank" rel="noopener noreferrer" data-testid="abandoned-whatsapp">
      <MessageCircle size={16} aria-hidden="true" /> Enviar por WhatsApp
    </a>
  );
}
