import { useCallback, useState } from 'react';
import { ErrorNotice } from '@/components/form-parts';
import { errorMessage } from '@shop/client-kit';
import { deleteAccount, fetchExport } from '../api/account-api';
import { useAccountCache } from '../use-account';
import type { Farewell } from '../account-types';
import { DeleteDialog } from './delete-dialog';
import { AccountSection } from './section-state';

/** Saves a JSON document as a file through a temporary link (no page change). */
function saveJson(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** "Tus datos": everything the shop keeps about her, as a file and in words, and the deletion of her account. */
export function DataSection({ onDeleted }: { onDeleted: (farewell: Farewell) => void }) {
  const cache = useAccountCache();
  const [summary, setSummary] = useState<string[] | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const download = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const data = await fetchExport();
      saveJson(data, `mis-datos-${data.exportedAt.slice(0, 10) || 'tienda'}.json`);
      setSummary(data.summary);
    } catch (err) {
      setExportError(errorMessage(err));
    } finally {
      setExporting(false);
    }
  };

  const remove = async () => {
    setDeleting(true);
    setDeleteError(null);
    try {
      const answer = await deleteAccount();
      onDeleted({ message: answer.message, deleted: answer.deleted, kept: answer.kept });
      cache.signedOut();
    } catch (err) {
      setDeleteError(errorMessage(err));
      setDeleting(false);
    }
  };

  const close = useCallback(() => {
    setDialogOpen(false);
    setDeleteError(null);
  }, []);

  return (
    <AccountSection id="account-data" title="Tus datos">
      <p className="muted small">Podés llevarte una copia de todo lo que guardamos sobre vos, o eliminar tu cuenta.</p>
      <div className="account-actions">
        <button
          type="button"
          className="btn btn--outline btn--sm"
          onClick={() => void download()}
          disabled={exporting}
          aria-busy={exporting}
        >
          {exporting ? 'Preparando tus datos...' : 'Descargar mis datos'}
        </button>
        <button type="button" className="btn btn--ghost btn--sm account-danger" onClick={() => setDialogOpen(true)}>
          Eliminar mi cuenta
        </button>
      </div>
      <ErrorNotice error={exportError} />
      <div role="status" data-testid="account-export-summary">
        {summary && (
          <>
            <p>Descargamos tus datos en un archivo .json. En resumen:</p>
            <ul className="account-plain-list">
              {summary.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </>
        )}
      </div>
      {dialogOpen && <DeleteDialog busy={deleting} error={deleteError} onConfirm={() => void remove()} onClose={close} />}
    </AccountSection>
  );
}
