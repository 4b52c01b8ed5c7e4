import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { MessageCircle } from 'lucide-react';
import { RETURN_REASON_LABELS, formatPrice, returnStatusLabel, whatsappLink, type StaffReturnRequest } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Banner } from '@/components/feedback';
import { paths } from '@/config/paths';
import { usePermission } from '@/features/auth';
import { counterQueries } from '@/features/counter';
import { useUpdateReturnStatus } from './api/return-queries';

type Step = 'approved' | 'rejected' | 'received' | 'closed';
type RefundMethod = 'mercadopago' | 'coupon' | 'transfer' | 'cash';

const REFUND_WAYS: Record<NonNullable<StaffReturnRequest['refund']>['method'], string> = {
  mercadopago: 'por Mercado Pago (al pago original)',
  transfer: 'por transferencia',
  cash: 'en efectivo',
  coupon: 'con el cupón',
  none: '',
};

const NEXT_STEPS: Record<StaffReturnRequest['status'], { step: Step; label: string; danger?: boolean }[]> = {
  requested: [
    { step: 'approved', label: 'Aprobar' },
    { step: 'rejected', label: 'Rechazar', danger: true },
  ],
  approved: [{ step: 'received', label: 'Marcar recibido' }],
  received: [{ step: 'closed', label: 'Cerrar' }],
  rejected: [],
  closed: [],
};

const CONFIRM_TEXT: Record<Step, string> = {
  approved: 'La clienta recibe un correo con la aprobación. Las unidades del cambio ya están reservadas.',
  rejected: 'La clienta recibe un correo y las unidades reservadas para el cambio vuelven al stock.',
  received:
    'Las prendas devueltas vuelven a su variante (salvo las no aptas para la venta); el cambio se vuelve un pedido nuevo y el dinero a devolver queda registrado.',
  closed: 'El pedido de cambio queda cerrado.',
};

const variantText = (v: { color: string | null; size: string | null } | null) => (v ? [v.color, v.size].filter(Boolean).join(' ') : '');

/** One request: order, lines, reasons, photo, money, the shopper's WhatsApp, and the buttons of its next steps. */
export function ReturnDetail({ request }: { request: StaffReturnRequest }) {
  const update = useUpdateReturnStatus();
  const [confirming, setConfirming] = useState<Step | null>(null);
  const [message, setMessage] = useState('');
  const [unsellable, setUnsellable] = useState<number[]>([]);
  // Money goes back on the original Mercado Pago payment when it was paid there (then only that way once asked).
  const viaMercadoPago = request.mercadoPagoRefund ?? null;
  const [refundMethod, setRefundMethod] = useState<RefundMethod>(viaMercadoPago ? 'mercadopago' : 'coupon');
  // Cash goes back out of a register with an open session (its Caja records the refund).
  const counter = usePermission('counter.use');
  const registers = useQuery({
    ...counterQueries.registers(),
    enabled: counter && request.status === 'approved' && request.refundDue > 0 && viaMercadoPago !== 'started',
  });
  const openRegisters = (registers.data?.registers ?? []).filter((r) => r.openSession !== null);
  const [registerId, setRegisterId] = useState<number | null>(null);
  const cashRegister = registerId ?? openRegisters[0]?.id ?? null;
  const chat = whatsappLink(
    request.customer.phone,
    `¡Hola ${request.customer.name.split(' ')[0] ?? ''}! Te escribimos por tu pedido de cambio ${request.number}.`,
  );
  const steps = NEXT_STEPS[request.status];

  const send = (step: Step) =>
    update.mutate(
      {
        id: request._id,
        update: {
          status: step,
          message: message.trim() || null,
          ...(step === 'received' ? { unsellable, refundMethod } : {}),
          ...(step === 'received' && refundMethod === 'cash' && cashRegister !== null ? { registerId: cashRegister } : {}),
        },
      },
      { onSettled: () => setConfirming(null), onSuccess: () => setMessage('') },
    );

  return (
    <section className="card return-detail" aria-labelledby={`return-${request._id}`} data-testid="return-detail">
      <header className="return-detail__head">
        <h2 id={`return-${request._id}`}>{request.number}</h2>
        <span className={`badge return-status-${request.status}`}>{returnStatusLabel(request.status)}</span>
      </header>
      <dl className="return-detail__facts">
        <div>
          <dt>Pedido</dt>
          <dd>
            <Link to={paths.order(request.orderId)}>{request.orderNumber}</Link>
          </dd>
        </div>
        <div>
          <dt>Clienta</dt>
          <dd>
            {request.customer.name} · {request.customer.email} · {request.customer.phone}
          </dd>
        </div>
        <div>
          <dt>A devolver</dt>
          <dd data-testid="return-refund-due">
            {request.refundDue > 0 ? formatPrice(request.refundDue) : request.chargeDue > 0 ? 'Nada' : 'Nada (cambio parejo)'}
          </dd>
        </div>
        {request.chargeDue > 0 && (
          <div>
            <dt>A pagar por la clienta</dt>
            <dd data-testid="return-charge-due">
              {formatPrice(request.chargeDue)} <span className="hint">(envío del cambio: lo paga en la orden del cambio)</span>
            </dd>
          </div>
        )}
        {request.refund && (
          <div>
            <dt>Devuelto</dt>
            <dd>
              {formatPrice(request.refund.amount)}{' '}
              {request.refund.method === 'coupon' ? `con el cupón ${request.refund.couponCode}` : REFUND_WAYS[request.refund.method]}
              {(request.refund.method === 'mercadopago' || request.refund.method === 'cash') && request.refund.reference && (
                <span className="hint"> · {request.refund.reference}</span>
              )}
            </dd>
          </div>
        )}
        {request.exchangeOrderId && (
          <div>
            <dt>Pedido del cambio</dt>
            <dd>
              <Link to={paths.order(request.exchangeOrderId)} data-testid="return-exchange-order">
                {request.exchangeOrderNumber}
              </Link>
            </dd>
          </div>
        )}
      </dl>
      <ul className="return-detail__lines">
        {request.lines.map((line, index) => (
          <li key={index}>
            <strong>
              {line.quantity} × {line.title} {variantText(line.from)}
            </strong>{' '}
            {line.kind === 'exchange' ? `→ cambio por ${variantText(line.to)}` : '→ devolución'}
            <br />
            <span className="hint">
              {RETURN_REASON_LABELS[line.reason]}
              {line.reasonText ? `: «${line.reasonText}»` : ''}
              {line.unsellable ? ' · no apta para la venta' : ''}
            </span>
            {request.status === 'approved' && (
              <label className="return-detail__check">
                <input
                  type="checkbox"
                  checked={unsellable.includes(index)}
                  onChange={(e) => setUnsellable((all) => (e.target.checked ? [...all, index] : all.filter((i) => i !== index)))}
                />
                No apta para la venta (no vuelve al stock)
              </label>
            )}
          </li>
        ))}
      </ul>
      {request.photoUrl && (
        <p>
          <a href={request.photoUrl} target="_blank" rel="noopener noreferrer">
            Ver la foto que mandó la clienta
          </a>
        </p>
      )}
      {chat ? (
        <a className="btn btn-whatsapp" href={chat} target="_blank" rel="noopener noreferrer">
          <MessageCircle size={16} aria-hidden="true" /> Escribir por WhatsApp
        </a>
      ) : (
        <p className="hint">El teléfono no es un celular argentino válido: escribile desde tu teléfono.</p>
      )}
      {steps.length > 0 && (
        <div className="return-detail__actions">
          <label htmlFor={`return-message-${request._id}`}>Mensaje para la clienta (opcional)</label>
          <textarea
            id={`return-message-${request._id}`}
            rows={2}
            maxLength={2000}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
          {request.status === 'approved' && request.refundDue > 0 && (
            <label htmlFor={`return-refund-${request._id}`}>
              Cómo se devuelve el dinero
              <select
                id={`return-refund-${request._id}`}
                value={refundMethod}
                data-testid="return-refund-method"
                onChange={(e) => setRefundMethod(e.target.value as RefundMethod)}
              >
                {viaMercadoPago && <option value="mercadopago">Devolver por Mercado Pago (al pago original)</option>}
                {viaMercadoPago !== 'started' && (
                  <>
                    <option value="coupon">Crédito en la tienda (cupón de un uso)</option>
                    <option value="transfer">Transferencia (ya hecha)</option>
                    {openRegisters.length > 0 && <option value="cash">Efectivo de la caja</option>}
                  </>
                )}
              </select>
            </label>
          )}
          {request.status === 'approved' && refundMethod === 'cash' && openRegisters.length > 1 && (
            <label htmlFor={`return-register-${request._id}`}>
              Caja de la que sale el efectivo
              <select
                id={`return-register-${request._id}`}
                value={cashRegister ?? ''}
                data-testid="return-refund-register"
                onChange={(e) => setRegisterId(Number(e.target.value))}
              >
                {openRegisters.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          {request.status === 'approved' && viaMercadoPago === 'started' && (
            <p className="hint" data-testid="return-refund-started">
              El reembolso ya se pidió a Mercado Pago y no se confirmó: volvé a marcarlo recibido para terminarlo (Mercado Pago no devuelve
              dos veces).
            </p>
          )}
          <div className="return-detail__buttons">
            {steps.map(({ step, label, danger }) => (
              <button
                key={step}
                type="button"
                className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
                onClick={() => setConfirming(step)}
                disabled={update.isPending}
              >
                {label}
              </button>
            ))}
          </div>
        </div>
      )}
      {update.isError && <Banner kind="error">{errorMessage(update.error)}</Banner>}
      {confirming && (
        <ConfirmDialog
          title={`${NEXT_STEPS[request.status].find((s) => s.step === confirming)?.label ?? ''} ${request.number}`}
          message={
            confirming === 'received' && request.refundDue > 0 && refundMethod === 'mercadopago'
              ? `${CONFIRM_TEXT.received} Mercado Pago devuelve ${formatPrice(request.refundDue)} al pago original de la clienta.`
              : confirming === 'received' && request.refundDue > 0 && refundMethod === 'cash'
                ? `${CONFIRM_TEXT.received} Entregá ${formatPrice(request.refundDue)} en efectivo de ${openRegisters.find((r) => r.id === cashRegister)?.name ?? 'la caja'}: queda como devolución en su sesión.`
                : CONFIRM_TEXT[confirming]
          }
          confirmLabel="Confirmar"
          busyLabel="Guardando..."
          busy={update.isPending}
          danger={confirming === 'rejected'}
          onConfirm={() => send(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
