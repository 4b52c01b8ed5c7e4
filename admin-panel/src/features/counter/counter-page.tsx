import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ScanBarcode, Wallet } from 'lucide-react';
import { paths } from '@/config/paths';
import { CASH_MOVEMENT_LABELS, COUNTER_METHOD_LABELS, formatPrice, type CashMovement, type CashSession } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { PageHeader } from '@/components/page-header';
import { Banner, Spinner, FormError } from '@/components/feedback';
import { ExportButton } from '@/components/export-button';
import { usePermission } from '@/features/auth';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { TableHead } from '@/components/data-table';
import { counterQueries } from './api/counter-api';
import { CloseForm, MovementForm, NewRegisterForm, OpenForm } from './counter-forms';
import { ChannelSummary, ReopenForm, ReopeningList } from './counter-reopen';
import './counter.css';

const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('es-AR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Argentina/Buenos_Aires' }) : '—';

function movementText(m: CashMovement): string {
  if (m.type === 'sale') return `Venta ${m.orderNumber ?? ''} (${COUNTER_METHOD_LABELS[m.method]})`;
  return `${CASH_MOVEMENT_LABELS[m.type]}${m.reason ? `: ${m.reason}` : ''}`;
}

async function downloadReport(session: CashSession, onError: (message: string) => void) {
  try {
    const blob = await api.download(`/cash-sessions/${session.id}/report.pdf`, 'Error al descargar el reporte Z');
    saveFile(blob, `reporte-z-caja-${session.id}.pdf`);
  } catch (e) {
    onError(errorMessage(e, 'Error al descargar el reporte Z'));
  }
}

/** One session: its figures, movements, a new movement and the closing (or, once closed, the difference). */
export function SessionPanel({ sessionId, onClosed }: { sessionId: number; onClosed?: (sessionId: number) => void }) {
  const query = useQuery(counterQueries.session(sessionId));
  const manage = usePermission('counter.manage');
  const [error, setError] = useState<string | null>(null);
  if (query.isPending) return <Spinner label="Cargando la sesión…" />;
  if (query.isError) return <Banner kind="error">{errorMessage(query.error, 'No se pudo cargar la sesión de caja')}</Banner>;
  const session = query.data.session;
  const closed = session.status === 'closed';
  return (
    <div className="counter-session" data-testid={`session-${session.id}`}>
      <p>
        Abierta el {dateTime(session.openedAt)} por {session.openedBy?.name ?? '—'} con {formatPrice(session.openingCash)}.{' '}
        {closed && `Cerrada el ${dateTime(session.closedAt)} por ${session.closedBy?.name ?? '—'}.`}
      </p>
      <ReopeningList session={session} />
      <p data-testid="session-expected">
        Efectivo esperado: <strong>{formatPrice(session.expected.cash)}</strong> · Transferencias: {formatPrice(session.expected.transfer)}{' '}
        · Ventas: {session.salesCount}
        {session.refunds > 0 && ` · Devoluciones en efectivo: ${formatPrice(session.refunds)}`}
      </p>
      {closed && session.difference && (
        <p data-testid="session-difference">
          Diferencia total: <strong>{formatPrice(session.difference.total)}</strong> (efectivo {formatPrice(session.difference.cash)})
        </p>
      )}
      <ChannelSummary session={session} />
      <h3>Movimientos</h3>
      {session.movements.length === 0 ? (
        <p className="muted">Todavía no hay movimientos</p>
      ) : (
        <table className="table" data-testid="movements-table">
          <TableHead columns={['Hora', 'Movimiento', 'Monto', 'Quién']} />
          <tbody>
            {session.movements.map((m) => (
              <tr key={m.id}>
                <td>{dateTime(m.at)}</td>
                <td>{movementText(m)}</td>
                <td>{`${m.type === 'expense' || m.type === 'withdrawal' ? '−' : ''}${formatPrice(m.amount)}`}</td>
                <td>{m.by?.name ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!closed && <MovementForm sessionId={session.id} />}
      {!closed && <CloseForm session={session} onClosed={onClosed} />}
      {closed && manage && <ReopenForm session={session} />}
      <button type="button" className="btn btn-secondary" onClick={() => void downloadReport(session, setError)}>
        {closed ? 'Descargar reporte Z (PDF)' : 'Descargar reporte X (PDF)'}
      </button>
      <FormError message={error} />
    </div>
  );
}

/** "Caja" (counter.use): each register, opened with its starting cash, its session's figures, movements and closing. */
export function CounterPage() {
  const query = useQuery(counterQueries.registers());
  const manage = usePermission('counter.manage');
  // A session closed here stays on screen (its difference and Z report) until the register is opened again.
  const [closedHere, setClosedHere] = useState<Record<number, number>>({});
  // The session last seen open at each register: once closed (here or on another screen) its panel stays, with its
  // difference and Z report. The close's own callback alone is not enough: the closed session's refetch unmounts the
  // closing form before its callback runs.
  const [seenOpen, setSeenOpen] = useState<Record<number, number>>({});
  useEffect(() => {
    const open = (query.data?.registers ?? []).flatMap((r) => (r.openSession ? [[r.id, r.openSession.id] as const] : []));
    setSeenOpen((seen) => (open.every(([id, session]) => seen[id] === session) ? seen : { ...seen, ...Object.fromEntries(open) }));
  }, [query.data]);
  return (
    <div className="page counter-page">
      <PageHeader title="Caja" description="Apertura, movimientos y cierre de caja del local, con el reporte Z." />
      <p>
        <Link to={paths.counterScreen} className="btn btn-secondary">
          <ScanBarcode size={16} aria-hidden="true" /> Abrir el mostrador (vender con el lector de códigos)
        </Link>
      </p>
      {manage && <ExportButton url="/cash-sessions.csv" baseName="sesiones-de-caja" what="sesiones de caja" />}
      {query.isPending && <Spinner label="Cargando las cajas…" />}
      {query.isError && <Banner kind="error">{errorMessage(query.error, 'No se pudieron cargar las cajas')}</Banner>}
      {query.data?.registers.map((register) => {
        const sessionId = register.openSession?.id ?? closedHere[register.id] ?? seenOpen[register.id];
        return (
          <section key={register.id} className="card" aria-labelledby={`register-${register.id}`}>
            <h2 id={`register-${register.id}`} className="card-title">
              <Wallet size={18} aria-hidden="true" /> {register.name} {register.openSession ? '(abierta)' : '(cerrada)'}
            </h2>
            {!register.openSession && <OpenForm register={register} />}
            {sessionId !== undefined && (
              <SessionPanel sessionId={sessionId} onClosed={(id) => setClosedHere((c) => ({ ...c, [register.id]: id }))} />
            )}
          </section>
        );
      })}
      {manage && <NewRegisterForm />}
    </div>
  );
}
