import { Plus, Trash2 } from 'lucide-react';
import { COUNTER_METHOD_LABELS, COUNTER_PAYMENT_METHODS, formatPrice, type CounterPaymentMethod } from '@shop/shared';
import { changeOfParts, groupedPesos, pesosOf, remainingOf, type PartDraft } from './screen-model';

/** "Paga con" of a cash part and its change ("Vuelto $3.100"), live. */
export function TenderedField({ id, part, onChange }: { id: string; part: PartDraft; onChange: (tendered: string) => void }) {
  const tendered = pesosOf(part.tendered);
  const amount = pesosOf(part.amount);
  return (
    <div className="field">
      <label htmlFor={id}>Paga con</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={part.tendered}
        aria-describedby={`${id}-change`}
        onChange={(e) => onChange(groupedPesos(e.target.value))}
        data-autofocus
      />
      <p id={`${id}-change`} aria-live="polite" className="screen-change" data-testid="screen-change">
        {part.tendered === '' ? '' : tendered >= amount ? `Vuelto ${formatPrice(tendered - amount)}` : 'El monto no alcanza'}
      </p>
    </div>
  );
}

/** Split payment: several parts (method, amount, "Paga con" for cash) adding up to the total, the remaining shown. */
export function SplitParts({ parts, total, onChange }: { parts: PartDraft[]; total: number; onChange: (parts: PartDraft[]) => void }) {
  const remaining = remainingOf(parts, total);
  const set = (index: number, change: Partial<PartDraft>) => onChange(parts.map((p, i) => (i === index ? { ...p, ...change } : p)));
  const change = changeOfParts(parts);
  return (
    <div className="screen-split">
      <ol className="screen-parts" aria-label="Partes del pago">
        {parts.map((part, index) => (
          <li key={index} className="screen-part">
            <div className="field">
              <label htmlFor={`part-method-${index}`}>Medio de la parte {index + 1}</label>
              <select
                id={`part-method-${index}`}
                value={part.method}
                onChange={(e) => set(index, { method: e.target.value as CounterPaymentMethod, tendered: '' })}
              >
                {COUNTER_PAYMENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {COUNTER_METHOD_LABELS[m]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`part-amount-${index}`}>Monto de la parte {index + 1}</label>
              <input
                id={`part-amount-${index}`}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={part.amount}
                onChange={(e) => set(index, { amount: groupedPesos(e.target.value) })}
              />
            </div>
            {part.method === 'cash' && (
              <TenderedField id={`part-tendered-${index}`} part={part} onChange={(tendered) => set(index, { tendered })} />
            )}
            {parts.length > 1 && (
              <button
                type="button"
                className="icon-button"
                aria-label={`Quitar la parte ${index + 1}`}
                onClick={() => onChange(parts.filter((_, i) => i !== index))}
              >
                <Trash2 size={18} aria-hidden="true" />
              </button>
            )}
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={parts.length >= 10}
        onClick={() => onChange([...parts, { method: 'card', amount: remaining > 0 ? groupedPesos(String(remaining)) : '', tendered: '' }])}
      >
        <Plus size={16} aria-hidden="true" /> Agregar parte
      </button>
      <p className="screen-remaining" aria-live="polite" data-testid="screen-remaining">
        {remaining > 0
          ? `Resta cobrar ${formatPrice(remaining)}`
          : remaining < 0
            ? `Los pagos superan el total por ${formatPrice(-remaining)}`
            : 'Los pagos cubren el total'}
        {remaining === 0 && change !== null && change > 0 ? ` · Vuelto ${formatPrice(change)}` : ''}
      </p>
    </div>
  );
}
