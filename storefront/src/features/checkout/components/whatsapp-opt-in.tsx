import type { WhatsappOptIn } from '../use-checkout-submit';

export const WHATSAPP_OPT_IN_LABEL = 'Quiero recibir novedades de mi pedido por WhatsApp';
const HINT_ID = 'checkout-whatsappOptIn-hint';

/**
 * The WhatsApp consent under the phone, its hint tied to it (aria-describedby): off by default and asked on every
 * order (never kept in the checkout's draft).
 */
export function WhatsappOptInField({ optIn }: { optIn: WhatsappOptIn }) {
  return (
    <div className="checkout-optin field--full">
      <label>
        <input
          type="checkbox"
          id="checkout-whatsappOptIn"
          checked={optIn.checked}
          onChange={(event) => optIn.onChange(event.target.checked)}
          aria-describedby={HINT_ID}
          data-testid="checkout-whatsapp-opt-in"
        />
        {WHATSAPP_OPT_IN_LABEL}
      </label>
      <p id={HINT_ID} className="muted small">
        Te escribimos solo sobre este pedido: cuando lo recibimos, cuando se confirma el pago y cuando está listo o en camino; si no lo
        terminás, te lo recordamos una sola vez.
      </p>
    </div>
  );
}
