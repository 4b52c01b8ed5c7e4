import { abandonedCheckoutWhatsappText, recoveryPath, whatsappLink, type AbandonedCheckout } from '@shop/shared';
import { WhatsappButton } from '@/components/whatsapp-button';

/** The recovery link of a draft, on the storefront (same origin as the back office). */
export const recoveryUrl = (token: string) => `${window.location.origin}${recoveryPath(token)}`;

/**
 * 'Enviar por WhatsApp': a chat with the shopper, a Spanish message with the recovery link already written. Without a
 * phone that can be an Argentine mobile the button is disabled, with the reason beside it.
 */
export function AbandonedWhatsappLink({ draft }: { draft: AbandonedCheckout }) {
  const text = abandonedCheckoutWhatsappText(draft.fullName, recoveryUrl(draft.token));
  const href = draft.phone ? whatsappLink(draft.phone, text) : null;
  const why = draft.phone ? `El teléfono «${draft.phone}» no es un celular argentino válido.` : 'No dejó teléfono.';
  const props = { href, why: { id: `wa-why-${draft.token}`, text: why }, testId: 'abandoned-whatsapp' };
  return <WhatsappButton {...props} label="Enviar por WhatsApp" className="btn btn-whatsapp btn-sm" />;
}
