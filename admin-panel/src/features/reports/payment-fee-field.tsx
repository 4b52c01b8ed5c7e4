import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MAX_PAYMENT_FEE_PERCENT, PURCHASES_MSG, type PurchaseSettings } from '@shop/shared';
import { PendingButton } from '@/components/submit-button';
import { usePermission } from '@/features/auth';
import { FormField } from '@/components/form-field';
import { paymentFeeQueries, useSetPaymentFee, type FeeRatesInput } from './api/sales-report';

const shown = (percent: number) => percent.toLocaleString('es-AR', { maximumFractionDigits: 2 });

/** "6,29" or "6.29" as a percentage with up to two decimals from 0 to the most allowed; null when it is not one. */
export function parseFeePercent(text: string): number | null {
  const clean = text.trim().replace(',', '.');
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(clean)) return null;
  const value = Number(clean);
  return value <= MAX_PAYMENT_FEE_PERCENT ? value : null;
}

/** The three rates the sales report takes off the margins: each field, what it is for, its Spanish error. */
const RATES: { key: keyof FeeRatesInput; id: string; label: string; hint: string; error: string; short: string }[] = [
  {
    key: 'paymentFeePercent',
    id: 'payment-fee',
    label: 'Comisión de Mercado Pago (%)',
    hint: 'Se descuenta del margen de los pedidos pagados con Mercado Pago online (la tienda y los links de pago).',
    error: PURCHASES_MSG.paymentFee,
    short: 'Mercado Pago online',
  },
  {
    key: 'pointFeePercent',
    id: 'point-fee',
    label: 'Comisión de Point en el local (%)',
    hint: 'Se descuenta de lo cobrado con tarjeta en el Point de la caja.',
    error: PURCHASES_MSG.pointFee,
    short: 'Point',
  },
  {
    key: 'qrFeePercent',
    id: 'qr-fee',
    label: 'Comisión del QR en el local (%)',
    hint: 'Se descuenta de lo cobrado con el QR de Mercado Pago en la caja.',
    error: PURCHASES_MSG.qrFee,
    short: 'QR',
  },
];

/**
 * Mercado Pago's fee rates that the sales report takes off the margins (Mercado Libre's own charge comes with each of
 * its sales): online, and in person by Point and by QR. The owner sets them (settings.manage); anyone else reads them.
 */
export function PaymentFeeField() {
  const settings = useQuery(paymentFeeQueries.settings());
  const canChange = usePermission('settings.manage');
  const save = useSetPaymentFee();
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const current: PurchaseSettings | undefined = settings.data;
  useEffect(() => {
    if (current) setTexts(Object.fromEntries(RATES.map((rate) => [rate.key, shown(current[rate.key])])));
  }, [current]);
  if (!current) return null;
  if (!canChange)
    return (
      <p className="muted" data-testid="payment-fee">
        Comisión de Mercado Pago: {shown(current.paymentFeePercent)} % de lo cobrado online; Point {shown(current.pointFeePercent)} %, QR{' '}
        {shown(current.qrFeePercent)} % en el local. Mercado Libre: la comisión de cada venta.
      </p>
    );

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const values: FeeRatesInput = { paymentFeePercent: 0, pointFeePercent: 0, qrFeePercent: 0 };
    for (const rate of RATES) {
      const value = parseFeePercent(texts[rate.key] ?? '');
      if (value === null) found[rate.key] = rate.error;
      else values[rate.key] = value;
    }
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(values);
  }

  const saved = save.data;
  return (
    <form className="size-curve-form" onSubmit={submit} noValidate aria-label="Comisiones de Mercado Pago" data-testid="payment-fee">
      {RATES.map((rate) => {
        const error = errors[rate.key] ?? null;
        return (
          <FormField key={rate.key} id={rate.id} label={rate.label} hint={rate.hint} error={error}>
            <input
              id={rate.id}
              type="text"
              inputMode="decimal"
              value={texts[rate.key] ?? ''}
              onChange={(e) => setTexts((all) => ({ ...all, [rate.key]: e.target.value }))}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${rate.id}-hint ${rate.id}-error` : `${rate.id}-hint`}
            />
          </FormField>
        );
      })}
      <PendingButton label="Guardar comisión" pendingLabel="Guardando..." pending={save.isPending} className="btn btn-secondary" />
      {save.isError && (
        <p className="field-error" role="alert">
          {save.error.message}
        </p>
      )}
      {saved && !save.isPending && (
        <p className="hint" role="status">
          Comisión guardada: {RATES.map((rate) => `${rate.short} ${shown(saved[rate.key])} %`).join(', ')}.
        </p>
      )}
    </form>
  );
}
