import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@shop/client-kit';
import { formatPrice, PURCHASE_MAX_QUANTITY, PURCHASE_MAX_UNIT_COST, type Purchase, type Supplier } from '@shop/shared';
import { Banner } from '@/components/feedback';
import { DataTable } from '@/components/data-table';
import { purchaseQueries, useReceivePurchase, useSavePurchase } from './purchases-api';
import { SupplierForm } from './supplier-form';
import { PurchaseSheetField } from './purchase-sheet-field';

/** One line of the purchase being typed: a SKU or barcode, the units and the unit cost (whole pesos). */
export interface DraftLine {
  sku: string;
  quantity: number;
  unitCost: number;
}

/** What the form edits: a new purchase (id null) or a saved draft. */
export interface DraftState {
  id: number | null;
  supplierId: string;
  lines: DraftLine[];
}

export const EMPTY_DRAFT: DraftState = { id: null, supplierId: '', lines: [] };

export function draftOf(purchase: Purchase): DraftState {
  return {
    id: purchase.id,
    supplierId: String(purchase.supplier.id),
    lines: purchase.lines.map((line) => ({ sku: line.sku, quantity: line.quantity, unitCost: line.unitCost })),
  };
}

/** Adds a scanned or typed code: a code already in the purchase gets one more unit (a scanner reads one garment each time). */
export function addCode(lines: DraftLine[], raw: string): DraftLine[] {
  const sku = raw.trim().toUpperCase();
  if (!sku) return lines;
  if (lines.some((line) => line.sku === sku))
    return lines.map((line) => (line.sku === sku ? { ...line, quantity: line.quantity + 1 } : line));
  return [...lines, { sku, quantity: 1, unitCost: 0 }];
}

const whole = (value: string, max: number) => Math.min(max, Math.max(0, Math.trunc(Number(value) || 0)));

interface PurchaseFormProps {
  draft: DraftState;
  onChange: (draft: DraftState) => void;
  /** After "Recibir todo" or a saved draft: what to tell. */
  onDone: (message: string, purchase: Purchase) => void;
}

/** The supplier, the lines scanned or typed, "Guardar borrador" and "Recibir todo". */
export function PurchaseForm({ draft, onChange, onDone }: PurchaseFormProps) {
  const baseId = useId();
  const suppliers = useQuery(purchaseQueries.suppliers());
  const save = useSavePurchase();
  const receive = useReceivePurchase();
  const [code, setCode] = useState('');
  const [supplierForm, setSupplierForm] = useState<Supplier | 'new' | null>(null);
  const chosenSupplier = suppliers.data?.suppliers.find((supplier) => String(supplier.id) === draft.supplierId) ?? null;
  const [failure, setFailure] = useState<string | null>(null);
  const busy = save.isPending || receive.isPending;
  const total = draft.lines.reduce((sum, line) => sum + line.quantity * line.unitCost, 0);

  function onScan(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onChange({ ...draft, lines: addCode(draft.lines, code) });
    setCode('');
  }

  const setLine = (index: number, change: Partial<DraftLine>) =>
    onChange({ ...draft, lines: draft.lines.map((line, i) => (i === index ? { ...line, ...change } : line)) });

  async function saveDraft(): Promise<Purchase | null> {
    setFailure(null);
    try {
      const answer = await save.mutateAsync({ id: draft.id, input: { supplierId: Number(draft.supplierId), lines: draft.lines } });
      return answer.purchase;
    } catch (error) {
      setFailure(errorMessage(error));
      return null;
    }
  }

  async function onSave(event: FormEvent) {
    event.preventDefault();
    const purchase = await saveDraft();
    if (purchase) onDone(`${purchase.label} guardada como borrador.`, purchase);
  }

  async function onReceiveAll() {
    const saved = await saveDraft();
    if (!saved) return;
    try {
      const { purchase } = await receive.mutateAsync(saved.id);
      onDone(`${purchase.label} recibida: ${purchase.receivedUnits} unidades sumadas al stock.`, purchase);
    } catch (error) {
      onChange(draftOf(saved));
      setFailure(errorMessage(error));
    }
  }

  return (
    <section className="card" aria-labelledby={`${baseId}-title`} data-testid="purchase-form">
      <h2 id={`${baseId}-title`}>{draft.id === null ? 'Nueva compra' : `Borrador de la compra N° ${draft.id}`}</h2>
      {failure && (
        <Banner kind="error" onClose={() => setFailure(null)}>
          <span data-testid="purchase-error">{failure}</span>
        </Banner>
      )}
      <div className="filters">
        <div className="field">
          <label htmlFor={`${baseId}-supplier`}>Proveedor</label>
          <select
            id={`${baseId}-supplier`}
            value={draft.supplierId}
            onChange={(e) => onChange({ ...draft, supplierId: e.target.value })}
            required
          >
            <option value="">Elegí un proveedor</option>
            {(suppliers.data?.suppliers ?? []).map((supplier) => (
              <option key={supplier.id} value={String(supplier.id)}>
                {supplier.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => setSupplierForm(supplierForm === 'new' ? null : 'new')}
            aria-expanded={supplierForm === 'new'}
          >
            <Plus size={16} aria-hidden="true" /> Nuevo proveedor
          </button>{' '}
          {chosenSupplier && (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setSupplierForm(supplierForm !== null && supplierForm !== 'new' ? null : chosenSupplier)}
              aria-expanded={supplierForm !== null && supplierForm !== 'new'}
            >
              <Pencil size={16} aria-hidden="true" /> Editar proveedor
            </button>
          )}
        </div>
      </div>
      {supplierForm !== null && (
        <SupplierForm
          key={supplierForm === 'new' ? 'new' : supplierForm.id}
          supplier={supplierForm === 'new' ? null : supplierForm}
          onSaved={(supplier) => {
            onChange({ ...draft, supplierId: String(supplier.id) });
            setSupplierForm(null);
            setFailure(null);
          }}
          onFailure={setFailure}
        />
      )}
      <form onSubmit={(e) => void onSave(e)}>
        <div className="field">
          <label htmlFor={`${baseId}-scan`}>Escaneá o escribí un SKU o código de barras y apretá Enter</label>
          <input
            id={`${baseId}-scan`}
            type="text"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={onScan}
            autoComplete="off"
            maxLength={60}
            data-testid="purchase-scan"
          />
        </div>
        <PurchaseSheetField lines={draft.lines} onLines={(lines) => onChange({ ...draft, lines })} />
        {draft.lines.length > 0 && (
          <DataTable
            testId="purchase-lines"
            caption="Líneas de la compra"
            columns={['SKU o código', 'Cantidad', 'Costo unitario ($)', 'Subtotal', 'Quitar']}
          >
            {draft.lines.map((line, index) => (
              <tr key={line.sku} data-testid="purchase-line">
                <td data-label="SKU o código">{line.sku}</td>
                <td data-label="Cantidad">
                  <input
                    type="number"
                    aria-label={`Cantidad de ${line.sku}`}
                    min={1}
                    max={PURCHASE_MAX_QUANTITY}
                    value={line.quantity}
                    onChange={(e) => setLine(index, { quantity: whole(e.target.value, PURCHASE_MAX_QUANTITY) })}
                  />
                </td>
                <td data-label="Costo unitario ($)">
                  <input
                    type="number"
                    aria-label={`Costo unitario de ${line.sku}`}
                    min={0}
                    max={PURCHASE_MAX_UNIT_COST}
                    value={line.unitCost}
                    onChange={(e) => setLine(index, { unitCost: whole(e.target.value, PURCHASE_MAX_UNIT_COST) })}
                  />
                </td>
                <td data-label="Subtotal">{formatPrice(line.quantity * line.unitCost)}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    aria-label={`Quitar ${line.sku}`}
                    onClick={() => onChange({ ...draft, lines: draft.lines.filter((_, i) => i !== index) })}
                  >
                    <Trash2 size={16} aria-hidden="true" />
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        <p data-testid="purchase-total">
          Total: <strong>{formatPrice(total)}</strong> ({draft.lines.reduce((sum, line) => sum + line.quantity, 0)} unidades)
        </p>
        <div className="form-actions">
          <button type="submit" className="btn btn-secondary" disabled={busy || draft.lines.length === 0 || !draft.supplierId}>
            Guardar borrador
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || draft.lines.length === 0 || !draft.supplierId}
            onClick={() => void onReceiveAll()}
          >
            Recibir todo
          </button>
          {draft.id !== null && (
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => onChange(EMPTY_DRAFT)}>
              Nueva compra
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
