import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Check, RefreshCw } from 'lucide-react';
import { errorMessage } from '@shop/client-kit';
import { STOCK_SHEET_HEADER, type StockSheetParcelChange } from '@shop/shared';
import { paths } from '@/config/paths';
import { BackLink } from '@/components/back-link';
import { Banner, EmptyState, Spinner } from '@/components/feedback';
import { ExportButton } from '@/components/export-button';
import { PageHeader } from '@/components/page-header';
import { usePermission } from '@/features/auth';
import { TableHead } from '@/components/data-table';
import { MAX_STOCK_FILE_BYTES, STOCK_FILE_TOO_LARGE, useStockApply, useStockPreview, type StockImportAnswer } from './api/stock-import';

const COLUMNS = STOCK_SHEET_HEADER.join(';');

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('es-AR')} ${n === 1 ? one : many}`;

/**
 * "Actualizar stock desde planilla": download the current stock per variant, edit it in a spreadsheet, upload it,
 * see every change and every refused row, then apply (only when no row is refused).
 */
/** "180 g · 25 × 18 × 4 cm", blanks as the category's default. */
function parcelText(p: StockSheetParcelChange['to']): string {
  const side = (v: number | null) => (v === null ? '—' : String(v));
  return `${p.weight === null ? 'peso de la categoría' : `${p.weight} g`} · ${side(p.length)} × ${side(p.width)} × ${side(p.height)} cm`;
}

/** The products whose packed parcel the file changes (files with the parcel's columns). */
function ParcelChanges({ changes }: { changes: readonly StockSheetParcelChange[] }) {
  if (changes.length === 0) return null;
  return (
    <table className="table" data-testid="stock-import-parcels">
      <caption>Cambios de paquete (— usa la medida de la categoría)</caption>
      <TableHead columns={['Fila', 'Producto', 'Paquete actual', 'Paquete nuevo']} />
      <tbody>
        {changes.map((change) => (
          <tr key={change.productId}>
            <td>{change.line}</td>
            <td>{change.product}</td>
            <td>{parcelText(change.from)}</td>
            <td>
              <strong>{parcelText(change.to)}</strong>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function StockImportPage() {
  const baseId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const canExport = usePermission('products.export');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<StockImportAnswer | null>(null);
  const [applied, setApplied] = useState<StockImportAnswer | null>(null);
  const preview = useStockPreview();
  const apply = useStockApply();

  function check(chosen: File) {
    setFile(chosen);
    setResult(null);
    setApplied(null);
    apply.reset();
    preview.mutate(chosen, { onSuccess: setResult });
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setFileError(null);
    preview.reset();
    setResult(null);
    if (!chosen) return setFile(null);
    if (!/\.csv$/i.test(chosen.name)) {
      setFile(null);
      event.target.value = '';
      return setFileError('Elegí un archivo .csv (la planilla descargada, guardada como CSV).');
    }
    if (chosen.size > MAX_STOCK_FILE_BYTES) {
      setFile(null);
      event.target.value = '';
      return setFileError(STOCK_FILE_TOO_LARGE);
    }
    check(chosen);
  }

  function applyChanges() {
    if (!file) return;
    apply.mutate(file, {
      onSuccess: (answer) => {
        if (answer.applied) {
          setApplied(answer);
          setResult(null);
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
        } else setResult(answer);
      },
    });
  }

  const errors = result?.errors ?? [];
  const changes = result?.changes ?? [];
  const parcels = result?.parcels ?? [];
  const busy = preview.isPending || apply.isPending;
  const canApply = result !== null && errors.length === 0 && changes.length + parcels.length > 0 && !busy;
  const fileHint = `${baseId}-file-hint`;

  return (
    <div className="page" data-testid="stock-import-page">
      <PageHeader
        title="Actualizar stock desde planilla"
        description="Cambiá el stock de muchas variantes a la vez con una planilla CSV."
        before={<BackLink to={paths.products}>Volver a productos</BackLink>}
      />

      {applied && (
        <Banner kind="success" onClose={() => setApplied(null)}>
          <span data-testid="stock-import-success">
            Stock actualizado: {plural(applied.changes.length, 'cambio aplicado', 'cambios aplicados')}
            {(applied.parcels?.length ?? 0) > 0 && ` y ${plural(applied.parcels!.length, 'paquete', 'paquetes')}`}.
          </span>
        </Banner>
      )}

      <div className="stock-import-steps">
        <section className="card" aria-labelledby={`${baseId}-step1`}>
          <h2 id={`${baseId}-step1`}>1. Descargá la planilla actual</h2>
          <p className="muted">
            Una fila por variante (color y talle), con las columnas <code>{COLUMNS}</code>. Cambiá solo la columna <strong>stock</strong>{' '}
            (números enteros desde 0) y guardala como CSV.
          </p>
          {canExport ? (
            <ExportButton url="/products/stock.csv" baseName="stock" what="stock por variante" />
          ) : (
            <p className="hint">Tu rol no puede descargar la planilla: pedísela a quien administra la tienda.</p>
          )}
        </section>

        <section className="card" aria-labelledby={`${baseId}-step2`}>
          <h2 id={`${baseId}-step2`}>2. Subí la planilla con el stock nuevo</h2>
          <div className="stock-import-file">
            <div className="field">
              <label htmlFor={`${baseId}-file`}>Planilla de stock (.csv)</label>
              <input
                ref={fileInput}
                id={`${baseId}-file`}
                type="file"
                accept=".csv,text/csv"
                onChange={onFile}
                disabled={busy}
                aria-invalid={fileError ? true : undefined}
                aria-describedby={[fileHint, fileError ? `${baseId}-file-error` : ''].filter(Boolean).join(' ')}
              />
              <p className="hint" id={fileHint}>
                Máximo 5 MB. Primero vas a ver los cambios; nada se guarda hasta que toques «Aplicar cambios».
              </p>
            </div>
            {file && !preview.isPending && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => check(file)} disabled={busy}>
                <RefreshCw size={16} aria-hidden="true" /> Revisar de nuevo
              </button>
            )}
          </div>
          {fileError && (
            <p className="field-error" id={`${baseId}-file-error`} role="alert">
              {fileError}
            </p>
          )}
          {preview.isError && <Banner kind="error">{errorMessage(preview.error)}</Banner>}
        </section>

        {preview.isPending && <Spinner label="Revisando la planilla..." />}

        {result && (
          <section className="card" aria-labelledby={`${baseId}-step3`} data-testid="stock-import-preview">
            <h2 id={`${baseId}-step3`}>3. Revisá y aplicá</h2>
            <p className="muted" aria-live="polite" data-testid="stock-import-summary">
              {result.rows !== undefined && `${plural(result.rows, 'fila leída', 'filas leídas')} · `}
              {plural(changes.length, 'cambio', 'cambios')} · {plural(errors.length, 'fila con error', 'filas con errores')}
            </p>
            {result.message && <Banner kind="error">{result.message}</Banner>}
            {errors.length > 0 && (
              <div className="alert alert-error" role="alert" data-testid="stock-import-errors">
                <div>
                  <strong>Estas filas no se pueden aplicar. Corregilas en la planilla y volvé a subirla:</strong>
                  <ul className="stock-import-errors">
                    {errors.map((error, i) => (
                      <li key={`${error.line ?? 'x'}-${i}`}>
                        {error.line !== null && error.line !== undefined ? `Fila ${error.line}: ` : ''}
                        {error.message}
                      </li>
                    ))}
                  </ul>
                </div>
              </div>
            )}
            {changes.length === 0 ? (
              <EmptyState title="No hay cambios">
                <p className="muted">El stock de la planilla es igual al de la tienda.</p>
              </EmptyState>
            ) : (
              <div className="stock-import-table-wrap" role="region" aria-labelledby={`${baseId}-changes`} tabIndex={0}>
                <table className="table" data-testid="stock-import-changes">
                  <caption id={`${baseId}-changes`}>Cambios de stock</caption>
                  <TableHead columns={['Fila', 'Producto', 'Color', 'Talle', 'SKU', 'Stock actual', 'Stock nuevo']} />
                  <tbody>
                    {changes.map((change) => (
                      <tr key={`${change.line}-${change.sku}`} data-testid="stock-import-change">
                        <td>{change.line}</td>
                        <td>{change.product}</td>
                        <td>{change.color || '—'}</td>
                        <td>{change.size || '—'}</td>
                        <td>
                          <code>{change.sku}</code>
                        </td>
                        <td>{change.from ?? '—'}</td>
                        <td>
                          <strong>{change.to}</strong>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <ParcelChanges changes={parcels} />
            {apply.isError && <Banner kind="error">{errorMessage(apply.error)}</Banner>}
            <div className="form-actions">
              <button type="button" className="btn btn-primary" onClick={applyChanges} disabled={!canApply} aria-busy={apply.isPending}>
                <Check size={16} aria-hidden="true" /> {apply.isPending ? 'Aplicando...' : 'Aplicar cambios'}
              </button>
            </div>
            {errors.length > 0 && <p className="hint">«Aplicar cambios» se habilita cuando la planilla no tiene filas con errores.</p>}
          </section>
        )}
      </div>
    </div>
  );
}
