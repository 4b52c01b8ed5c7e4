import { useState } from 'react';
import { PAYMENT_METHOD_LABELS } from '@shop/shared';
import { ExportButton } from '@/components/export-button';
import { SelectField } from '@/components/select-field';

interface OrderExportBarProps {
  /** The list's current filters, exported as they are. */
  status: string;
  date: string;
  search: string;
  /** The list's fulfilment filter ('' for all). */
  fulfillment?: string;
  /** The list's channel filter ('' for all). */
  channel?: string;
}

const PAYMENT_METHODS = Object.entries(PAYMENT_METHOD_LABELS);

/**
 * The accountant's file: the orders of the list's filters (status, day, search, fulfilment), of one payment method if chosen,
 * and of a date range (Argentine days, both included), as CSV for Excel.
 */
export function OrderExportBar({ status, date, search, fulfillment = '', channel = '' }: OrderExportBarProps) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // The list itself cannot be filtered by payment method: only the export can (the accountant's cut).
  const [paymentMethod, setPaymentMethod] = useState('');
  const reversed = from !== '' && to !== '' && from > to;
  return (
    <section className="card filters export-bar" aria-label="Exportar órdenes" data-testid="orders-export">
      <div className="field">
        <label htmlFor="export-from">Desde</label>
        <input id="export-from" type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="export-to">Hasta</label>
        <input id="export-to" type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
      </div>
      <SelectField id="export-payment-method" label="Medio de pago" value={paymentMethod} onChange={setPaymentMethod}>
        <option value="">Todos los medios de pago</option>
        {PAYMENT_METHODS.map(([method, label]) => (
          <option key={method} value={method}>
            {label}
          </option>
        ))}
      </SelectField>
      <p className="muted export-hint">
        {reversed
          ? 'La fecha "desde" es posterior a "hasta".'
          : 'Exporta las órdenes con los filtros de arriba, estas fechas y este medio de pago.'}
      </p>
      <ExportButton
        url="/orders/export.csv"
        baseName="ordenes"
        what="órdenes"
        params={{ status, date, search, from, to, paymentMethod, fulfillment, channel }}
      />
    </section>
  );
}
