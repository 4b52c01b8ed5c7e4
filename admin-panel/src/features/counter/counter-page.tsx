import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import {
  CASH_MOVEMENT_LABELS,
  CASH_MOVEMENT_TYPES,
  COUNTER_METHOD_LABELS,
  COUNTER_PAYMENT_METHODS,
  formatPrice,
  parseDigits,
  type ByMethod,
  type CashMovement,
  type CashMovementType,
  type CashSession,
  type Register,
} from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { PageHeader } from '@/components/page-header';
import { Banner, Spinner } from '@/components/feedback';
import { ExportButton } from '@/components/export-button';
import { usePermission } from '@/features/auth';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { counterQueries, useAddMovement, useCloseSession, useCreateRegister, useOpenSession } from './api/counter-api';

const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('es-AR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Argentina/Buenos_Aires' }) : '—';

/** A whole-pesos field: digits only, shown with es-AR thousands separators. */
function PesosField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        value={value}
        onChange={(e) => {
          const digits = e.target.value.replace(/\D/g, '');
          onChange(digits === '' ? '' : parseDigits(digits).toLocaleString('es-AR'));
        }}
      />
    </div>
  );
}

function OpenForm({ register }: { register: Register }) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = useOpenSession();
  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    open.mutate(
      { registerId: register.id, openingCash: parseDigits(amount) },
      { onError: (e) => setError(errorMessage(e, 'No se pudo abrir la caja')) },
    );
  }
  return (
    <form onSubmit={submit} aria-label={`Abrir ${register.name}`} className="counter-form">
      <PesosField id={`open-${register.id}`} label="Efectivo inicial" value={amount} onChange={setAmount} />
      <button type="submit" className="btn btn-primary" disabled={open.isPending}>
        {open.isPending ? 'Abriendo…' : 'Abrir caja'}
      </button>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </form>
  );
}

function MovementForm({ sessionId }: { sessionId: number }) {
  const [type, setType] = useState<CashMovementType>('expense');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddMovement();
  function submit(event: FormEvent) {
    event.preventDefault();
    const pesos = parseDigits(amount);
    if (pesos <= 0) return setError('Indicá el monto del movimiento');
    if (type !== 'income' && !reason.trim()) return setError('Indicá el motivo del gasto o del retiro');
    setError(null);
    add.mutate(
      { sessionId, type, amount: pesos, reason: reason.trim() },
      {
        onSuccess: () => {
          setAmount('');
          setReason('');
        },
        onError: (e) => setError(errorMessage(e, 'No se pudo guardar el movimiento')),
      },
    );
  }
  return (
    <form onSubmit={submit} aria-label="Nuevo movimiento de caja" className="counter-form">
      <div className="field">
        <label htmlFor="movement-type">Tipo de movimiento</label>
        <select id="movement-type" value={type} onChange={(e) => setType(e.target.value as CashMovementType)}>
          {CASH_MOVEMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {CASH_MOVEMENT_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <PesosField id="movement-amount" label="Monto" value={amount} onChange={setAmount} />
      <div className="field">
        <label htmlFor="movement-reason">Motivo{type === 'income' ? ' (opcional)' : ''}</label>
        <input id="movement-reason" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-secondary" disabled={add.isPending}>
        Guardar movimiento
      </button>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </form>
  );
}

function CloseForm({ session, onClosed }: { session: CashSession; onClosed?: (sessionId: number) => void }) {
  const [counted, setCounted] = useState<Record<keyof ByMethod, string>>({ cash: '', card: '', qr: '', transfer: '' });
  const [error, setError] = useState<string | null>(null);
  const close = useCloseSession();
  const figures: ByMethod = {
    cash: parseDigits(counted.cash),
    card: parseDigits(counted.card),
    qr: parseDigits(counted.qr),
    transfer: parseDigits(counted.transfer),
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    if (counted.cash.trim() === '') return setError('Indicá el efectivo contado');
    setError(null);
    close.mutate(
      { sessionId: session.id, counted: figures },
      { onSuccess: () => onClosed?.(session.id), onError: (e) => setError(errorMessage(e, 'No se pudo cerrar la caja')) },
    );
  }
  return (
    <form onSubmit={submit} aria-label="Cerrar caja" className="counter-form">
      <table className="data-table" data-testid="close-table">
        <thead>
          <tr>
            <th scope="col">Medio</th>
            <th scope="col">Esperado</th>
            <th scope="col">Contado</th>
            <th scope="col">Diferencia</th>
          </tr>
        </thead>
        <tbody>
          {COUNTER_PAYMENT_METHODS.map((method) => (
            <tr key={method}>
              <th scope="row">{COUNTER_METHOD_LABELS[method]}</th>
              <td>{formatPrice(session.expected[method])}</td>
              <td>
                <PesosField
                  id={`counted-${method}`}
                  label={`${COUNTER_METHOD_LABELS[method]} contado`}
                  value={counted[method]}
                  onChange={(value) => setCounted((c) => ({ ...c, [method]: value }))}
                />
              </td>
              <td>{formatPrice(figures[method] - session.expected[method])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="submit" className="btn btn-primary" disabled={close.isPending}>
        {close.isPending ? 'Cerrando…' : 'Cerrar caja'}
      </button>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </form>
  );
}

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
      <p data-testid="session-expected">
        Efectivo esperado: <strong>{formatPrice(session.expected.cash)}</strong> · Transferencias: {formatPrice(session.expected.transfer)}{' '}
        · Ventas: {session.salesCount}
      </p>
      {closed && session.difference && (
        <p data-testid="session-difference">
          Diferencia total: <strong>{formatPrice(session.difference.total)}</strong> (efectivo {formatPrice(session.difference.cash)})
        </p>
      )}
      <h3>Movimientos</h3>
      {session.movements.length === 0 ? (
        <p className="muted">Todavía no hay movimientos</p>
      ) : (
        <table className="data-table" data-testid="movements-table">
          <thead>
            <tr>
              <th scope="col">Hora</th>
              <th scope="col">Movimiento</th>
              <th scope="col">Monto</th>
              <th scope="col">Quién</th>
            </tr>
          </thead>
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
      <button type="button" className="btn btn-secondary" onClick={() => void downloadReport(session, setError)}>
        {closed ? 'Descargar reporte Z (PDF)' : 'Descargar reporte X (PDF)'}
      </button>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}

function NewRegisterForm() {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateRegister();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError('Indicá el nombre de la caja');
    setError(null);
    create.mutate(name.trim(), { onSuccess: () => setName(''), onError: (e) => setError(errorMessage(e, 'No se pudo crear la caja')) });
  }
  return (
    <form onSubmit={submit} aria-label="Nueva caja" className="counter-form">
      <div className="field">
        <label htmlFor="register-name">Nombre de la nueva caja</label>
        <input id="register-name" maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-secondary" disabled={create.isPending}>
        Crear caja
      </button>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </form>
  );
}

/** "Caja" (counter.use): each register, opened with its starting cash, its session's figures, movements and closing. */
export function CounterPage() {
  const query = useQuery(counterQueries.registers());
  const manage = usePermission('counter.manage');
  // A session closed here stays on screen (its difference and Z report) until the register is opened again.
  const [closedHere, setClosedHere] = useState<Record<number, number>>({});
  return (
    <div className="page counter-page">
      <PageHeader title="Caja" description="Apertura, movimientos y cierre de caja del local, con el reporte Z." />
      {manage && <ExportButton url="/cash-sessions.csv" baseName="sesiones-de-caja" what="sesiones de caja" />}
      {query.isPending && <Spinner label="Cargando las cajas…" />}
      {query.isError && <Banner kind="error">{errorMessage(query.error, 'No se pudieron cargar las cajas')}</Banner>}
      {query.data?.registers.map((register) => {
        const sessionId = register.openSession?.id ?? closedHere[register.id];
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
