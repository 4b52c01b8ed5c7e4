import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  WITHDRAWAL_STATUSES,
  formatPrice,
  shopDate,
  withdrawalLastDay,
  withdrawalStatusLabel,
  type StaffWithdrawal,
  type WithdrawalStatusUpdate,
} from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { QueryStates } from '@/components/data-table';
import { Banner } from '@/components/feedback';
import { FilterBar } from '@/components/filter-bar';
import { PageHeader } from '@/components/page-header';
import { ChoiceField, choicesOf } from '@/components/select-field';
import { useChoiceFilter } from '@/hooks/use-choice-filter';
import { paths } from '@/config/paths';
import { usePermission } from '@/features/auth';
import { counterQueries } from '@/features/counter';
import { ReturnShipment } from './return-shipment';
import { useUpdateWithdrawal, withdrawalQueries } from './withdrawal-queries';

const STATUS_CHOICES = choicesOf(WITHDRAWAL_STATUSES, withdrawalStatusLabel);

const TEXTS = {
  loading: 'Cargando arrepentimientos...',
  failure: 'Error al cargar los arrepentimientos',
  emptyTitle: 'No hay arrepentimientos',
};

const REFUND_LABELS = { mercadopago: 'Mercado Pago (al pago original)', transfer: 'Transferencia', cash: 'Efectivo' } as const;
type RefundMethod = keyof typeof REFUND_LABELS;

/** The window as the owner reads it: in time and the days left, out of time, or not delivered yet. */
function windowText(w: StaffWithdrawal): string {
  if (!w.windowEndsAt) return 'En plazo (sin entregar todavía)';
  if (!w.withinWindow) return `Fuera de plazo (el plazo terminó el ${withdrawalLastDay(w.windowEndsAt)})`;
  if (w.daysLeft === null) return `En plazo (hasta el ${withdrawalLastDay(w.windowEndsAt)})`;
  return w.daysLeft < 0 ? 'En plazo al pedirlo' : `En plazo: quedan ${w.daysLeft} día(s) del plazo legal`;
}

/** The next steps of one request: a button each; a rejection asks its reason, a refund its method. */
function WithdrawalActions({ withdrawal }: { withdrawal: StaffWithdrawal }) {
  const update = useUpdateWithdrawal();
  const [reason, setReason] = useState('');
  const [method, setMethod] = useState<RefundMethod>('mercadopago');
  const [reference, setReference] = useState('');
  // Cash goes back out of a register with an open session (its Caja records the refund), for staff of the counter.
  const counter = usePermission('counter.use');
  const registers = useQuery({ ...counterQueries.registers(), enabled: counter && withdrawal.status === 'received_in_store' });
  const openRegisters = (registers.data?.registers ?? []).filter((r) => r.openSession !== null);
  const [registerId, setRegisterId] = useState<number | null>(null);
  const cashRegister = registerId ?? openRegisters[0]?.id ?? null;
  const methods = (Object.keys(REFUND_LABELS) as RefundMethod[]).filter((m) => m !== 'cash' || openRegisters.length > 0);
  const send = (body: WithdrawalStatusUpdate) => update.mutate({ id: withdrawal.id, update: body });
  const id = withdrawal.id;
  const refund = (event: FormEvent) => {
    event.preventDefault();
    const register = method === 'cash' && cashRegister !== null ? { registerId: cashRegister } : {};
    send({ status: 'refunded', refundMethod: method, reference: reference.trim() || null, ...register });
  };
  const reject = (event: FormEvent) => {
    event.preventDefault();
    send({ status: 'rejected', reason: reason.trim() });
  };
  return (
    <div className="withdrawal-actions">
      {update.isError && <Banner kind="error">{errorMessage(update.error)}</Banner>}
      <ReturnShipment withdrawal={withdrawal} />
      {withdrawal.status === 'received' && (
        <button type="button" className="btn btn-primary" disabled={update.isPending} onClick={() => send({ status: 'pickup_arranged' })}>
          Retiro coordinado
        </button>
      )}
      {withdrawal.status === 'pickup_arranged' && (
        <button type="button" className="btn btn-primary" disabled={update.isPending} onClick={() => send({ status: 'received_in_store' })}>
          Recibido en tienda (vuelve al stock)
        </button>
      )}
      {withdrawal.status === 'received_in_store' && (
        <form className="withdrawal-actions__form" onSubmit={refund} aria-label={`Reintegrar ${withdrawal.code}`}>
          <label htmlFor={`refund-method-${id}`}>Cómo se reintegran {formatPrice(withdrawal.refundDue)}</label>
          <select id={`refund-method-${id}`} value={method} onChange={(e) => setMethod(e.target.value as RefundMethod)}>
            {methods.map((value) => (
              <option key={value} value={value}>
                {REFUND_LABELS[value]}
              </option>
            ))}
          </select>
          {method === 'cash' && (
            <>
              <label htmlFor={`refund-register-${id}`}>Caja de la que sale el efectivo (queda como devolución en su sesión)</label>
              <select id={`refund-register-${id}`} value={cashRegister ?? ''} onChange={(e) => setRegisterId(Number(e.target.value))}>
                {openRegisters.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
            </>
          )}
          <label htmlFor={`refund-reference-${id}`}>Referencia (operación, recibo; opcional)</label>
          <input
            type="text"
            id={`refund-reference-${id}`}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            maxLength={200}
          />
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>
            Reintegrar
          </button>
        </form>
      )}
      {(withdrawal.status === 'received' || withdrawal.status === 'pickup_arranged') && (
        <form className="withdrawal-actions__form" onSubmit={reject} aria-label={`Rechazar ${withdrawal.code}`}>
          <label htmlFor={`reject-reason-${id}`}>Motivo del rechazo (la clienta lo recibe)</label>
          <input type="text" id={`reject-reason-${id}`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} />
          <button type="submit" className="btn btn-danger" disabled={update.isPending || reason.trim() === ''}>
            Rechazar
          </button>
        </form>
      )}
    </div>
  );
}

/**
 * 'Arrepentimientos': the botón de arrepentimiento's requests (never deleted), newest first, each with its code, order,
 * date, window and days left, its steps and the next one (returns.manage).
 */
export function WithdrawalsPage() {
  const status = useChoiceFilter(STATUS_CHOICES);
  const list = useQuery(withdrawalQueries.list(status.value));
  const withdrawals = list.data?.withdrawals ?? [];
  const emptyText = status.value
    ? `Ninguno en «${withdrawalStatusLabel(status.value)}».`
    : 'Ninguna clienta usó el botón de arrepentimiento.';
  return (
    <div className="page" data-testid="withdrawals-page">
      <PageHeader
        title="Arrepentimientos"
        description="Los pedidos del botón de arrepentimiento (Ley 24.240, art. 34): la clienta tiene 10 días corridos desde la entrega, sin costo; la tienda retira las prendas y reintegra todo lo pagado, el envío incluido."
      />
      <FilterBar label="Filtros de arrepentimientos" query={list}>
        <ChoiceField id="withdrawal-status" label="Estado" all="Todos" {...status} />
      </FilterBar>
      {list.data && list.data.open > 0 && (
        <div data-testid="withdrawals-open">
          <Banner kind="warning">
            {list.data.open === 1 ? '1 arrepentimiento espera' : `${list.data.open} arrepentimientos esperan`} que la tienda actúe.
          </Banner>
        </div>
      )}
      <QueryStates query={list} texts={{ ...TEXTS, emptyText }} empty={withdrawals.length === 0}>
        <ul className="withdrawal-list" aria-label="Arrepentimientos">
          {withdrawals.map((w) => (
            <li key={w.id} className="card withdrawal-card" data-testid="withdrawal-card">
              <h2 className="withdrawal-card__title">
                {w.code} <span className={`badge withdrawal-status-${w.status}`}>{withdrawalStatusLabel(w.status)}</span>
              </h2>
              <dl className="withdrawal-card__facts">
                <dt>Pedido</dt>
                <dd>
                  <Link to={paths.order(w.orderId)}>{w.orderNumber}</Link>
                </dd>
                <dt>Pedido el</dt>
                <dd>{shopDate(w.requestedAt)}</dd>
                <dt>Plazo</dt>
                <dd>{windowText(w)}</dd>
                <dt>Contacto</dt>
                <dd>{w.contact}</dd>
                <dt>Prendas</dt>
                <dd>{w.lines.map((line) => `${line.title} × ${line.quantity}`).join(', ')}</dd>
                <dt>A reintegrar</dt>
                <dd>{formatPrice(w.refundDue)}</dd>
                {w.comment && (
                  <>
                    <dt>Comentario</dt>
                    <dd>{w.comment}</dd>
                  </>
                )}
                {w.reason && (
                  <>
                    <dt>Motivo del rechazo</dt>
                    <dd>{w.reason}</dd>
                  </>
                )}
                {w.refund && (
                  <>
                    <dt>Reintegro</dt>
                    <dd>
                      {formatPrice(w.refund.amount)} · {REFUND_LABELS[w.refund.method as RefundMethod] ?? w.refund.method}
                      {w.refund.reference ? ` · ${w.refund.reference}` : ''}
                    </dd>
                  </>
                )}
              </dl>
              <WithdrawalActions withdrawal={w} />
            </li>
          ))}
        </ul>
      </QueryStates>
    </div>
  );
}
