import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatPrice } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { Spinner } from '@/components/feedback';
import { cancelCounterPayment, getCounterPayment, type CounterPayment, type PendingPart } from './api/counter-screen-api';
import { QrImage } from './qr-image';

/** How often the terminal's part is asked for (ms). */
export const POLL_MS = 2000;

interface Props {
  part: PendingPart;
  onApproved: (payment: CounterPayment) => void;
  /** Refused at the terminal (its Spanish reason) or cancelled from here. */
  onFailed: (reason: string) => void;
}

/**
 * A card or QR part waiting for Mercado Pago: "Esperando la terminal…" (card) or the QR to scan with the amount,
 * asking GET /counter-payments/{id} every 2 s; "Cancelar cobro" cancels it (DELETE).
 */
export function PaymentWait({ part, onApproved, onFailed }: Props) {
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['counter-screen', 'payment', part.id],
    queryFn: () => getCounterPayment(part.id),
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'pending' ? false : POLL_MS),
    staleTime: 0,
    gcTime: 0,
    retry: 2,
  });
  const callbacks = useRef({ onApproved, onFailed });
  callbacks.current = { onApproved, onFailed };
  const settled = useRef(false);
  useEffect(() => {
    const payment = query.data;
    if (!payment || payment.status === 'pending' || settled.current) return;
    settled.current = true;
    if (payment.status === 'approved') callbacks.current.onApproved(payment);
    else callbacks.current.onFailed(payment.reason || (payment.status === 'refused' ? 'El pago fue rechazado' : 'El cobro se canceló'));
  }, [query.data]);

  async function cancel() {
    setCancelling(true);
    setError(null);
    try {
      const answer = await cancelCounterPayment(part.id);
      // The terminal may take a moment to confirm the cancel: the part stays pending and the polling settles it.
      if (answer.status === 'pending') return;
      if (settled.current) return;
      settled.current = true;
      if (answer.status === 'approved') onApproved(answer);
      else onFailed('Cobro cancelado desde la caja');
    } catch (err) {
      setError(errorMessage(err, 'No se pudo cancelar el cobro'));
      setCancelling(false);
    }
  }

  const qrData = query.data?.qrData ?? part.qrData ?? null;
  return (
    <div className="screen-wait" data-testid="screen-wait">
      {part.method === 'qr' ? (
        <>
          <p className="screen-wait-amount">QR por {formatPrice(part.amount)}</p>
          {qrData ? (
            <QrImage
              data={qrData}
              size={240}
              alt={`Código QR para pagar ${formatPrice(part.amount)} con cualquier billetera`}
              testId="screen-qr"
            />
          ) : (
            <p className="muted">Generando el QR…</p>
          )}
          <Spinner label="Esperando el pago con QR…" />
        </>
      ) : (
        <>
          <p className="screen-wait-amount">Tarjeta por {formatPrice(part.amount)}</p>
          <Spinner label="Esperando la terminal…" />
          <p className="hint">Pasá, insertá o acercá la tarjeta en la terminal de Mercado Pago.</p>
        </>
      )}
      {query.isError && (
        <p className="field-error" role="alert">
          {errorMessage(query.error, 'No se pudo consultar el cobro')}: se sigue intentando.
        </p>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="btn btn-secondary" onClick={() => void cancel()} disabled={cancelling}>
        {cancelling ? 'Cancelando en la terminal…' : 'Cancelar cobro'}
      </button>
    </div>
  );
}
