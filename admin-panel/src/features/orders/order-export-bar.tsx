import { useState } from 'react';
import { ExportButton } from '@/components/export-button';

interface OrderExportBarProps {
  /** The list's current filters, exported as they are. */
  status: string;
  date: string;
  search: string;
}

/**
 * The accountant's file: the orders of the list's filters (status, day, search) and of a date range (Argentine
 * days, both included), as CSV for Excel.
 */
export function OrderExportBar({ status, date, search }: OrderExportBarProps) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
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
      <p className="muted export-hint">
        {reversed ? 'La fecha "desde" es posterior a "hasta".' : 'Exporta las órdenes con los filtros de arriba y estas fechas.'}
      </p>
      <ExportButton url="/orders/export.csv" baseName="ordenes" what="órdenes" params={{ status, date, search, from, to }} />
    </section>
  );
}
