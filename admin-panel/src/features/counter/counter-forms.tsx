import { PendingButton } from '@/components/submit-button';
import { FormError } from '@/components/feedback';
import { useId, useState, type FormEvent } from 'react';
import {
  CASH_MOVEMENT_LABELS,
  CASH_MOVEMENT_TYPES,
  COUNTER_METHOD_LABELS,
  COUNTER_PAYMENT_METHODS,
  formatPrice,
  parseDigits,
  type ByMethod,
  type CashMovementType,
  type CashSession,
  type Register,
} from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { TableHead } from '@/components/data-table';
import { useAddMovement, useCloseSession, useCreateRegister, useOpenSession } from './api/counter-api';

/** The forms of "Caja": open a register, a cash movement, the closing count, a new register. */

/** A whole-pesos field: digits only, shown with es-AR thousands separators. */
function PesosField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
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

export function OpenForm({ register }: { register: Register }) {
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
      <PendingButton label="Abrir caja" pendingLabel="Abriendo…" pending={open.isPending} />
      <FormError message={error} />
    </form>
  );
}

export function MovementForm({ sessionId }: { sessionId: number }) {
  const base = useId();
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
        <label htmlFor={`${base}-type`}>Tipo de movimiento</label>
        <select id={`${base}-type`} value={type} onChange={(e) => setType(e.target.value as CashMovementType)}>
          {CASH_MOVEMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {CASH_MOVEMENT_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <PesosField id={`${base}-amount`} label="Monto" value={amount} onChange={setAmount} />
      <div className="field">
        <label htmlFor={`${base}-reason`}>Motivo{type === 'income' ? ' (opcional)' : ''}</label>
        <input id={`${base}-reason`} type="text" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-secondary" disabled={add.isPending}>
        Guardar movimiento
      </button>
      <FormError message={error} />
    </form>
  );
}

export function CloseForm({ session, onClosed }: { session: CashSession; onClosed?: (sessionId: number) => void }) {
  // Ids of their own: with several registers open, each form's labels must name its own fields.
  const base = useId();
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
      <table className="table" data-testid="close-table">
        <TableHead columns={['Medio', 'Esperado', 'Contado', 'Diferencia']} />
        <tbody>
          {COUNTER_PAYMENT_METHODS.map((method) => (
            <tr key={method}>
              <th scope="row">{COUNTER_METHOD_LABELS[method]}</th>
              <td>{formatPrice(session.expected[method])}</td>
              <td>
                <PesosField
                  id={`${base}-counted-${method}`}
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
      <PendingButton label="Cerrar caja" pendingLabel="Cerrando…" pending={close.isPending} />
      <FormError message={error} />
    </form>
  );
}

export function NewRegisterForm() {
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
        <input id="register-name" type="text" maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-secondary" disabled={create.isPending}>
        Crear caja
      </button>
      <FormError message={error} />
    </form>
  );
}
