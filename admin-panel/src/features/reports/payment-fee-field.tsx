import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MAX_PAYMENT_FEE_PERCENT, PURCHASES_MSG } from '@shop/shared';
import { usePermission } from '@/features/auth';
import { FormField } from '@/components/form-field';
import { paymentFeeQueries, useSetPaymentFee } from './api/sales-report';

const shown = (percent: number) => percent.toLocaleString('es-AR', { maximumFractionDigits: 2 });

/** "6,29" or "6.29" as a percentage with up to two decimals from 0 to the most allowed; null when it is not one. */
export function parseFeePercent(text: string): number | null {
  const clean = text.trim().replace(',', '.');
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(clean)) return null;
  const value = Number(clean);
  return value <= MAX_PAYMENT_FEE_PERCENT ? value : null;
}

/**
 * Mercado Pago's fee rate that the sales report takes off the margin of the orders paid through it: the owner sets
 * it (settings.manage); anyone else reads it.
 */
export function PaymentFeeField() {
  const settings = useQuery(paymentFeeQueries.settings());
  const canChange = usePermission('settings.manage');
  const save = useSetPaymentFee();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const current = settings.data?.paymentFeePercent;
  useEffect(() => {
    if (current !== undefined) setText(shown(current));
  }, [current]);
  if (current === undefined) return null;
  if (!canChange)
    return (
      <p className="muted" data-testid="payment-fee">
        Comisión de Mercado Pago: {shown(current)} % de lo cobrado.
      </p>
    );

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = parseFeePercent(text);
    setError(value === null ? PURCHASES_MSG.paymentFee : null);
    if (value !== null) save.mutate(value);
  }

  return (
    <form className="size-curve-form" onSubmit={submit} noValidate aria-label="Comisión de Mercado Pago" data-testid="payment-fee">
      <FormField
        id="payment-fee"
        label="Comisión de Mercado Pago (%)"
        hint="Se descuenta del margen de los pedidos pagados con Mercado Pago."
        error={error ?? (save.isError ? save.error.message : null)}
      >
        <input
          id="payment-fee"
          type="text"
          inputMode="decimal"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error || save.isError ? 'payment-fee-hint payment-fee-error' : 'payment-fee-hint'}
        />
      </FormField>
      <button type="submit" className="btn btn-secondary" disabled={save.isPending}>
        {save.isPending ? 'Guardando...' : 'Guardar comisión'}
      </button>
      {save.isSuccess && !save.isPending && (
        <p className="hint" role="status">
          Comisión guardada: {shown(save.data.paymentFeePercent)} %.
        </p>
      )}
    </form>
  );
}
