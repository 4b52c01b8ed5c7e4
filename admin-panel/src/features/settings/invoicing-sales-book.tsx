import { useState } from 'react';
import { errorMessage } from '@shop/client-kit';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** This month in the shop's time (Argentina, UTC−3) as AAAA-MM. */
const thisMonth = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 7);

/** "Libro IVA ventas" of a month as CSV for the accountant (GET /invoicing/libro-iva.csv?month=AAAA-MM). */
export function InvoicingSalesBook() {
  const [month, setMonth] = useState(thisMonth);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setError(null);
    setBusy(true);
    try {
      const blob = await api.download('/invoicing/libro-iva.csv', 'Error al descargar el Libro IVA', { params: { month } });
      saveFile(blob, `libro-iva-ventas-${month}.csv`);
    } catch (e) {
      setError(errorMessage(e, 'Error al descargar el Libro IVA'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="invoicing-book-title" className="stack">
      <h3 id="invoicing-book-title">Libro IVA ventas</h3>
      <p className="muted">Los comprobantes autorizados del mes (las notas de crédito en negativo), para tu contador.</p>
      <div className="field">
        <label htmlFor="invoicing-book-month">Mes</label>
        <input
          id="invoicing-book-month"
          type="month"
          value={month}
          max={thisMonth()}
          onChange={(e) => setMonth(e.target.value)}
          aria-describedby={error ? 'invoicing-book-error' : undefined}
        />
      </div>
      <button type="button" className="btn btn-secondary" disabled={busy || !month} onClick={() => void download()}>
        {busy ? 'Descargando…' : 'Descargar Libro IVA ventas (CSV)'}
      </button>
      {error && (
        <p id="invoicing-book-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
