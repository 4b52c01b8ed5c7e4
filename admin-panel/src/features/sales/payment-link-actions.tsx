import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Link2, MessageCircle, RefreshCw } from 'lucide-react';
import { paymentLinkWhatsapp, type Order } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { useCan } from '@/features/auth';
import { CopyButton } from '@/components/copy-button';
import { DetailCard } from '@/components/detail-card';
import { useNewPaymentLink } from './api/sales-api';

interface CreatedState {
  paymentUrl?: string | null;
  whatsappUrl?: string | null;
}

/**
 * An unpaid Mercado Pago order's payment link: "Copiar link de pago", "Enviar por WhatsApp" (wa.me with the message,
 * the total and the link) and "Generar link nuevo" (a fresh preference, the hold starting again). Staff with
 * orders.create only.
 */
export function PaymentLinkActions({ order }: { order: Order }) {
  const can = useCan();
  const location = useLocation();
  const created = (location.state ?? {}) as CreatedState;
  const [fresh, setFresh] = useState<{ paymentUrl: string; whatsappUrl: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const renew = useNewPaymentLink();
  const queryClient = useQueryClient();
  if (!can('orders.create') || order.paymentMethod !== 'mercadopago' || order.status !== 'pending_payment') return null;
  const paymentUrl = fresh?.paymentUrl ?? created.paymentUrl ?? order.payment?.checkoutUrl ?? null;
  const whatsappUrl = fresh?.whatsappUrl ?? (paymentUrl ? paymentLinkWhatsapp(order, paymentUrl) : null);

  function makeNew() {
    setError(null);
    renew.mutate(order._id, {
      onSuccess: (answer) => {
        if (answer.paymentUrl) setFresh({ paymentUrl: answer.paymentUrl, whatsappUrl: answer.whatsappUrl });
        void queryClient.invalidateQueries({ queryKey: ['orders'] });
      },
      onError: (err) => setError(errorMessage(err, 'No se pudo generar el link de pago')),
    });
  }

  return (
    <DetailCard headingId="payment-link-title" title="Link de pago" icon={Link2} testId="payment-link-panel">
      {paymentUrl ? (
        <>
          <p className="sale-link">
            <a href={paymentUrl} target="_blank" rel="noopener noreferrer" data-testid="payment-link-url">
              {paymentUrl}
            </a>
          </p>
          <div className="sale-inline">
            <CopyButton text={paymentUrl} what="link de pago" copiedText="Link de pago copiado" />
            {whatsappUrl ? (
              <a
                className="btn btn-whatsapp btn-sm"
                href={whatsappUrl}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="payment-link-whatsapp"
              >
                <MessageCircle size={16} aria-hidden="true" /> Enviar por WhatsApp
              </a>
            ) : (
              <span className="hint">Sin un celular válido: copiá el link y mandalo a mano.</span>
            )}
          </div>
        </>
      ) : (
        <p className="muted">Esta orden todavía no tiene link de pago.</p>
      )}
      <button type="button" className="btn btn-secondary btn-sm" onClick={makeNew} disabled={renew.isPending}>
        <RefreshCw size={16} aria-hidden="true" /> {renew.isPending ? 'Generando…' : 'Generar link nuevo'}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </DetailCard>
  );
}
