import { useState } from 'react';
import { Download } from 'lucide-react';
import { csvFileName } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

interface ExportButtonProps {
  /** The export's API path, e.g. `/orders/export.csv`. */
  url: string;
  /** Query filters; empty values are not sent. */
  params?: Record<string, string>;
  /** The file's name before its date, e.g. `ordenes` -> `ordenes-2026-11-22.csv`. */
  baseName: string;
  /** What is exported (e.g. 'órdenes'): the button's accessible name ends with it ('Exportar CSV de órdenes'). */
  what: string;
}

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('es-AR')} KB`;

/**
 * 'Exportar CSV': downloads the file through the signed-in client (the token goes in a header, never in a link),
 * shows how much has arrived while it streams, and a Spanish error when the server refuses the filters.
 */
export function ExportButton({ url, params = {}, baseName, what }: ExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const [received, setReceived] = useState(0);
  const [error, setError] = useState<string | null>(null);

  async function run() {
    setBusy(true);
    setReceived(0);
    setError(null);
    try {
      const sent = Object.fromEntries(Object.entries(params).filter(([, v]) => v.trim() !== ''));
      const blob = await api.download(url, `Error al exportar ${what}`, { params: sent, onProgress: setReceived });
      saveFile(blob, csvFileName(baseName));
    } catch (e) {
      setError(errorMessage(e, `Error al exportar ${what}`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="export-action">
      {/* The accessible name is the visible text plus what is exported, for screen readers only ('Exportar CSV de
          órdenes'): it starts with what sighted users read, so speech control finds the button by its words. */}
      <button type="button" className="btn btn-secondary" onClick={() => void run()} disabled={busy} aria-busy={busy}>
        <Download size={16} aria-hidden="true" />
        {busy ? `Exportando...${received > 0 ? ` ${kilobytes(received)}` : ''}` : 'Exportar CSV'}{' '}
        <span className="visually-hidden">de {what}</span>
      </button>
      {error && (
        <p className="export-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
