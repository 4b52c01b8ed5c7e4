import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { PurchaseSheetAnswer } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { useReadPurchaseSheet } from './purchases-api';
import type { DraftLine } from './purchase-form';

/**
 * The sheet's lines added to the draft's: a SKU already in the draft gets the sheet's units on top (and the sheet's
 * cost when it has one); a new SKU comes with its cost, or 0 for the owner to type.
 */
export function addSheetLines(lines: readonly DraftLine[], sheet: PurchaseSheetAnswer['lines']): DraftLine[] {
  const next = lines.map((line) => ({ ...line }));
  for (const row of sheet) {
    const same = next.find((line) => line.sku === row.sku);
    if (same) {
      same.quantity += row.quantity;
      if (row.unitCost !== null) same.unitCost = row.unitCost;
    } else next.push({ sku: row.sku, quantity: row.quantity, unitCost: row.unitCost ?? 0 });
  }
  return next;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Cargar planilla": a CSV in the stock sheet's format (the `stock` column as the units that arrived, `costo` optional). */
export function PurchaseSheetField({ lines, onLines }: { lines: DraftLine[]; onLines: (lines: DraftLine[]) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const read = useReadPurchaseSheet();
  const [result, setResult] = useState<PurchaseSheetAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setFailure(null);
    setResult(null);
    try {
      const answer = await read.mutateAsync(file);
      setResult(answer);
      onLines(addSheetLines(lines, answer.lines));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  const withoutCost = result?.lines.filter((line) => line.unitCost === null).length ?? 0;
  return (
    <div className="field" data-testid="purchase-sheet">
      <label htmlFor={`${id}-file`}>Cargar líneas desde una planilla (.csv)</label>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept=".csv,text/csv"
        onChange={(e) => void onFile(e)}
        disabled={read.isPending}
        aria-describedby={`${id}-hint${failure ? ` ${id}-error` : ''}`}
      />
      <p className="hint" id={`${id}-hint`}>
        Con las columnas de la planilla de stock (sku y stock): en «stock» va la cantidad que llegó; una columna «costo» es opcional. Las
        filas en 0 se saltean.
      </p>
      {read.isPending && (
        <p className="hint" role="status">
          Leyendo la planilla...
        </p>
      )}
      {failure && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {failure}
        </p>
      )}
      {result && (
        <div role="status" data-testid="purchase-sheet-result">
          <p>
            Se {result.lines.length === 1 ? 'agregó' : 'agregaron'} {plural(result.lines.length, 'línea', 'líneas')} de la planilla
            {result.skipped > 0 ? ` (${plural(result.skipped, 'fila sin unidades', 'filas sin unidades')})` : ''}.
            {withoutCost > 0 ? ` ${plural(withoutCost, 'línea no tiene', 'líneas no tienen')} costo: completalo antes de recibir.` : ''}
          </p>
          {result.errors.length > 0 && (
            <>
              <p className="field-error">{plural(result.errors.length, 'fila no se pudo leer', 'filas no se pudieron leer')}:</p>
              <ul className="field-error">
                {result.errors.map((error) => (
                  <li key={error.line}>
                    Fila {error.line}: {error.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}
