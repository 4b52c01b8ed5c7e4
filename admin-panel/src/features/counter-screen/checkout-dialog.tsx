import { useState, type FormEvent } from 'react';
import { COUNTER_METHOD_LABELS, COUNTER_PAYMENT_METHODS, formatPrice, type CounterPaymentMethod } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { Modal } from '@/components/modal';
import { Banner } from '@/components/feedback';
import type { SaleLine } from '@/features/sales';
import { addCounterPart, createCounterSale, type PendingPart } from './api/counter-screen-api';
import { SplitParts, TenderedField } from './payment-parts';
import { PaymentWait } from './payment-wait';
import {
  counterSaleBody,
  groupedPesos,
  partsProblem,
  pesosOf,
  pricingMethodOf,
  type CounterCustomer,
  type PartDraft,
} from './screen-model';
import { useCounterQuote } from './use-counter-quote';

type Mode = CounterPaymentMethod | 'split';
const MODE_LABELS: Record<Mode, string> = { ...COUNTER_METHOD_LABELS, split: 'Dividido' };

type Step =
  | { kind: 'choose' }
  | { kind: 'wait'; orderNumber: string; part: PendingPart; queue: PendingPart[] }
  | { kind: 'retry'; orderNumber: string; amount: number; reason: string; queue: PendingPart[] };

/** The payment methods as large radio buttons. */
function MethodChoice<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="screen-methods">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} className={`screen-method ${value === option ? 'is-chosen' : ''}`}>
          <input type="radio" name={legend} value={option} checked={value === option} onChange={() => onChange(option)} />
          {MODE_LABELS[option as Mode]}
        </label>
      ))}
    </fieldset>
  );
}

interface Props {
  lines: SaleLine[];
  registerId: number;
  customer: CounterCustomer;
  onPaid: (orderNumber: string) => void;
  /** Closed with the order made but not fully paid (after a refusal). */
  onLeftUnpaid: (orderNumber: string) => void;
  onClose: () => void;
}

/**
 * "Cobrar": cash with "Paga con" and "Vuelto", transfer, card, QR or split; the sale is POST /orders/manual. A card or
 * QR part waits for Mercado Pago (PaymentWait); a refused or cancelled one lets the assistant charge the rest another
 * way (POST /orders/{orderNumber}/counter-payments).
 */
export function CheckoutDialog({ lines, registerId, customer, onPaid, onLeftUnpaid, onClose }: Props) {
  const [mode, setMode] = useState<Mode>('cash');
  const [tendered, setTendered] = useState('');
  const [split, setSplit] = useState<PartDraft[]>([{ method: 'cash', amount: '', tendered: '' }]);
  const [retryMethod, setRetryMethod] = useState<CounterPaymentMethod>('cash');
  const [retryTendered, setRetryTendered] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pricing = mode === 'split' ? pricingMethodOf(split) : pricingMethodOf([{ method: mode }]);
  const quote = useCounterQuote(lines, pricing);
  const total = quote.data?.quote.total ?? null;
  const parts: PartDraft[] = mode === 'split' ? split : [{ method: mode, amount: String(total ?? 0), tendered }];

  const next = (orderNumber: string, queue: PendingPart[]) => {
    const [part, ...rest] = queue;
    if (part) setStep({ kind: 'wait', orderNumber, part, queue: rest });
    else onPaid(orderNumber);
  };

  async function run(action: () => Promise<void>, fallback: string) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(errorMessage(err, fallback));
    } finally {
      setBusy(false);
    }
  }

  function charge(event: FormEvent) {
    event.preventDefault();
    if (total === null) return;
    const problem = partsProblem(parts, total);
    if (problem) {
      setError(problem);
      return;
    }
    void run(async () => {
      const answer = await createCounterSale(counterSaleBody(lines, registerId, customer, parts));
      next(
        answer.orderNumber,
        (answer.counterPayments ?? []).filter((p) => p.status === 'pending'),
      );
    }, 'No se pudo crear la venta');
  }

  function chargeRest(event: FormEvent) {
    event.preventDefault();
    if (step.kind !== 'retry') return;
    const given = pesosOf(retryTendered);
    if (retryMethod === 'cash' && retryTendered !== '' && given < step.amount) {
      setError('El monto con que paga no alcanza');
      return;
    }
    void run(async () => {
      const added = await addCounterPart(step.orderNumber, {
        method: retryMethod,
        amount: step.amount,
        ...(retryMethod === 'cash' && given >= step.amount ? { tendered: given } : {}),
      });
      setRetryTendered('');
      next(step.orderNumber, added.pending ? [added.pending, ...step.queue] : step.queue);
    }, 'No se pudo registrar el pago');
  }

  function close() {
    if (step.kind === 'wait') {
      setError('Esperá el resultado o tocá "Cancelar cobro" antes de cerrar');
      return;
    }
    if (step.kind === 'retry') onLeftUnpaid(step.orderNumber);
    onClose();
  }

  return (
    <Modal title="Cobrar" onClose={close} size="md" testId="screen-checkout">
      {step.kind === 'choose' && (
        <form onSubmit={charge} noValidate aria-label="Cobrar la venta" className="screen-checkout">
          <p className="screen-due" aria-live="polite" data-testid="screen-due">
            Total a cobrar <strong>{total === null ? '…' : formatPrice(total)}</strong>
          </p>
          {quote.data && quote.data.quote.cashFee > 0 && (
            <p className="hint">Incluye recargo por pago en efectivo de {formatPrice(quote.data.quote.cashFee)}.</p>
          )}
          <MethodChoice
            legend="Medio de pago"
            options={[...COUNTER_PAYMENT_METHODS, 'split'] as Mode[]}
            value={mode}
            onChange={(m) => {
              setMode(m);
              setError(null);
            }}
          />
          {mode === 'cash' && total !== null && (
            <TenderedField id="screen-tendered" part={{ method: 'cash', amount: String(total), tendered }} onChange={setTendered} />
          )}
          {mode === 'split' && total !== null && <SplitParts parts={split} total={total} onChange={setSplit} />}
          {error && <Banner kind="error">{error}</Banner>}
          <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy || total === null} data-testid="screen-charge">
            {busy ? 'Cobrando…' : `Cobrar ${total === null ? '' : formatPrice(total)}`}
          </button>
        </form>
      )}
      {step.kind === 'wait' && (
        <>
          <PaymentWait
            key={String(step.part.id)}
            part={step.part}
            onApproved={() => next(step.orderNumber, step.queue)}
            onFailed={(reason) => {
              setStep({ kind: 'retry', orderNumber: step.orderNumber, amount: step.part.amount, reason, queue: step.queue });
              setError(null);
            }}
          />
          {error && <Banner kind="warning">{error}</Banner>}
        </>
      )}
      {step.kind === 'retry' && (
        <form onSubmit={chargeRest} noValidate aria-label="Cobrar el resto" className="screen-checkout">
          <Banner kind="error">{step.reason}</Banner>
          <p className="screen-due" data-testid="screen-rest">
            Resta cobrar <strong>{formatPrice(step.amount)}</strong> de la venta {step.orderNumber}
          </p>
          <MethodChoice legend="Otro medio de pago" options={COUNTER_PAYMENT_METHODS} value={retryMethod} onChange={setRetryMethod} />
          {retryMethod === 'cash' && (
            <TenderedField
              id="screen-rest-tendered"
              part={{ method: 'cash', amount: String(step.amount), tendered: retryTendered }}
              onChange={(t) => setRetryTendered(groupedPesos(t))}
            />
          )}
          {error && <Banner kind="error">{error}</Banner>}
          <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy} data-testid="screen-charge-rest">
            {busy ? 'Cobrando…' : `Cobrar ${formatPrice(step.amount)}`}
          </button>
        </form>
      )}
    </Modal>
  );
}
