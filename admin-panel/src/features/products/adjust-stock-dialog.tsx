import { useId, useState, type FormEvent } from 'react';
import {
  ADJUSTMENT_REASON_LABELS,
  ADJUSTMENT_REASONS,
  STOCK_LEDGER_MSG,
  stockAdjustmentInputSchema,
  type AdjustmentReason,
  type ProductVariant,
  type StockMovement,
} from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { Modal } from '@/components/modal';
import { FieldNotes, RequiredMark, describedBy } from '@/components/form-field';
import { useAdjustStock } from './api/stock-ledger';
import { variantName } from './stock-history-texts';

interface AdjustStockDialogProps {
  variants: readonly ProductVariant[];
  /** The variant chosen in the history's filter, if any. */
  initialSku: string;
  onDone: (movement: StockMovement) => void;
  onCancel: () => void;
}

type Errors = Partial<Record<'sku' | 'quantity' | 'reason' | 'note', string>>;

/**
 * "Ajuste de stock": units added (+) or taken (−) from one variant with a mandatory reason (rotura, robo, conteo),
 * instead of a silent change in the grid. The server refuses going below 0 and names who did it in the history.
 */
export function AdjustStockDialog({ variants, initialSku, onDone, onCancel }: AdjustStockDialogProps) {
  const id = useId();
  const adjust = useAdjustStock();
  const [sku, setSku] = useState(initialSku || (variants.length === 1 ? (variants[0]?.sku ?? '') : ''));
  const [direction, setDirection] = useState<'add' | 'remove'>('remove');
  const [units, setUnits] = useState('');
  const [reason, setReason] = useState<AdjustmentReason | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = variants.find((variant) => variant.sku === sku);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const count = /^\d{1,6}$/.test(units.trim()) ? Number(units.trim()) : NaN;
    const parsed = stockAdjustmentInputSchema.safeParse({
      sku,
      quantity: direction === 'remove' ? -count : count,
      reason: reason || undefined,
      note: note.trim() || undefined,
    });
    const found: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'sku' || field === 'quantity' || field === 'reason' || field === 'note') && !found[field])
          found[field] = issue.message;
      }
    }
    if (!found.quantity && direction === 'remove' && chosen && count > chosen.stock) {
      found.quantity = STOCK_LEDGER_MSG.belowZero(chosen.sku, chosen.stock);
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) {
      const first = (['sku', 'quantity', 'reason', 'note'] as const).find((field) => found[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    adjust.mutate(parsed.data, {
      onSuccess: (answer) => onDone(answer.movement),
      onError: (error) => setFailure(errorMessage(error)),
    });
  }

  return (
    <Modal
      title="Ajuste de stock"
      onClose={onCancel}
      testId="adjust-stock-dialog"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={adjust.isPending}>
            Cancelar
          </button>
          <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={adjust.isPending}>
            {adjust.isPending ? 'Guardando...' : 'Guardar ajuste'}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} className="stack" noValidate onSubmit={submit}>
        <p className="muted">
          Para lo que no pasa por una venta: una prenda rota, un robo o un conteo que no coincide. Queda en el historial con tu nombre y el
          motivo.
        </p>
        <div className="field">
          <label htmlFor={`${id}-sku`}>
            Variante <RequiredMark />
          </label>
          <select
            id={`${id}-sku`}
            value={sku}
            required
            data-autofocus
            aria-invalid={errors.sku ? true : undefined}
            aria-describedby={describedBy(`${id}-sku`, { error: errors.sku })}
            onChange={(event) => setSku(event.target.value)}
          >
            <option value="">Elegí una variante</option>
            {variants.map((variant) => (
              <option key={variant.id} value={variant.sku}>
                {variantName(variant)} · {variant.sku} ({variant.stock} en stock)
              </option>
            ))}
          </select>
          <FieldNotes id={`${id}-sku`} error={errors.sku} />
        </div>
        <fieldset className="fieldset">
          <legend>Movimiento</legend>
          <div className="chip-group">
            <label className="chip-check">
              <input type="radio" name={`${id}-direction`} checked={direction === 'remove'} onChange={() => setDirection('remove')} />
              Restar unidades
            </label>
            <label className="chip-check">
              <input type="radio" name={`${id}-direction`} checked={direction === 'add'} onChange={() => setDirection('add')} />
              Sumar unidades
            </label>
          </div>
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-quantity`}>
            Unidades <RequiredMark />
          </label>
          <input
            id={`${id}-quantity`}
            inputMode="numeric"
            autoComplete="off"
            required
            value={units}
            aria-invalid={errors.quantity ? true : undefined}
            aria-describedby={describedBy(`${id}-quantity`, { hint: true, error: errors.quantity })}
            onChange={(event) => setUnits(event.target.value.replace(/\D/g, ''))}
          />
          <FieldNotes
            id={`${id}-quantity`}
            hint={chosen ? `Hoy hay ${chosen.stock} en stock de ${variantName(chosen)}.` : 'Cuántas unidades sumar o restar.'}
            error={errors.quantity}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>
            Motivo <RequiredMark />
          </label>
          <select
            id={`${id}-reason`}
            value={reason}
            required
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={describedBy(`${id}-reason`, { error: errors.reason })}
            onChange={(event) => setReason(event.target.value as AdjustmentReason | '')}
          >
            <option value="">Elegí un motivo</option>
            {ADJUSTMENT_REASONS.map((value) => (
              <option key={value} value={value}>
                {ADJUSTMENT_REASON_LABELS[value]}
              </option>
            ))}
          </select>
          <FieldNotes id={`${id}-reason`} error={errors.reason} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-note`}>Nota (opcional)</label>
          <input
            id={`${id}-note`}
            maxLength={200}
            value={note}
            placeholder="Ej.: se descosió el bretel"
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={describedBy(`${id}-note`, { error: errors.note })}
            onChange={(event) => setNote(event.target.value)}
          />
          <FieldNotes id={`${id}-note`} error={errors.note} />
        </div>
        {failure && (
          <p className="field-error" role="alert">
            {failure}
          </p>
        )}
      </form>
    </Modal>
  );
}
