import { useState } from 'react';
import { downloadInvoicePdf } from '../invoice-download';

/** "Descargar factura (PDF)" on a paid order found with its contact (the PDF exists once ARCA authorised it). */
export function InvoiceLink({ orderNumber, contact }: { orderNumber: string; contact: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadInvoicePdf(orderNumber, contact);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'No pudimos descargar la factura');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="small" data-testid="tracking-invoice">
      <button type="button" className="btn btn--link" onClick={() => void download()} disabled={busy} aria-busy={busy}>
        {busy ? 'Descargando factura...' : 'Descargar factura (PDF)'}
      </button>{' '}
      <span className="muted">(disponible cuando ARCA la autoriza)</span>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
