import { PendingButton } from '@/components/submit-button';
import { FormError } from '@/components/feedback';
import { useState, type FormEvent } from 'react';
import { formatPrice, ORDER_CHANNEL_LABELS, type CashSession } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { TableHead } from '@/components/data-table';
import { useReopenSession } from './api/counter-api';

/** "Caja": a session's sales by channel, its reopenings, and the owner's "Reabrir" with its reason. */

const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('es-AR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Argentina/Buenos_Aires' }) : '—';

/** The session's sales grouped by the order's channel (they add up to the sales' total). */
export function ChannelSummary({ session }: { session: CashSession }) {
  return (
    <table className="table" data-testid="channel-table">
      <caption>Ventas por canal</caption>
      <TableHead columns={['Canal', 'Órdenes', 'Monto']} />
      <tbody>
        {session.byChannel.map((c) => (
          <tr key={c.channel}>
            <th scope="row">{ORDER_CHANNEL_LABELS[c.channel]}</th>
            <td>{c.orders}</td>
            <td>{formatPrice(c.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Each time the session was reopened: who, when, why and the difference of the close it undid. */
export function ReopeningList({ session }: { session: CashSession }) {
  if (session.reopenings.length === 0) return null;
  return (
    <ul className="counter-reopenings" data-testid="reopenings">
      {session.reopenings.map((r) => (
        <li key={r.at}>
          Reabierta por {r.by?.name ?? '—'} el {dateTime(r.at)}: {r.reason}
          {r.undone.difference ? ` (el cierre deshecho tenía una diferencia de ${formatPrice(r.undone.difference.total)})` : ''}
        </li>
      ))}
    </ul>
  );
}

/** "Reabrir" (counter.manage): asks for the reason, then opens the closed session again. */
export function ReopenForm({ session }: { session: CashSession }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reopen = useReopenSession();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setError('Indicá el motivo de la reapertura');
    setError(null);
    reopen.mutate(
      { sessionId: session.id, reason: reason.trim() },
      {
        onSuccess: () => {
          setAsking(false);
          setReason('');
        },
        onError: (e) => setError(errorMessage(e, 'No se pudo reabrir la caja')),
      },
    );
  }
  if (!asking)
    return (
      <button type="button" className="btn btn-secondary" onClick={() => setAsking(true)}>
        Reabrir
      </button>
    );
  return (
    <form onSubmit={submit} aria-label={`Reabrir la sesión N° ${session.id}`} className="counter-form">
      <div className="field">
        <label htmlFor={`reopen-reason-${session.id}`}>Motivo de la reapertura</label>
        <input
          id={`reopen-reason-${session.id}`}
          type="text"
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          autoFocus
        />
      </div>
      <PendingButton label="Reabrir caja" pendingLabel="Reabriendo…" pending={reopen.isPending} />
      <button type="button" className="btn btn-secondary" onClick={() => setAsking(false)}>
        Cancelar
      </button>
      <FormError message={error} />
    </form>
  );
}
