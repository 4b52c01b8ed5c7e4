import { useQuery } from '@tanstack/react-query';
import { formatPrice } from '@shop/shared';
import { usePermission } from '@/features/auth';
import { counterQueries } from '@/features/counter';
import { changeFor, type SaleForm } from './sale-model';

/**
 * A counter sale (delivery "Entrega en el local", cash or transfer, counter.use): the register whose open session
 * takes it and, for cash, "Paga con" with the change ("Vuelto $3.100").
 */
export function SaleCounterFields({
  form,
  total,
  onChange,
}: {
  form: SaleForm;
  total: number | null;
  onChange: (change: Partial<SaleForm>) => void;
}) {
  const allowed = usePermission('counter.use');
  const shown = allowed && form.deliveryType === 'store' && form.paymentMethod !== 'mercadopago';
  const registers = useQuery({ ...counterQueries.registers(), enabled: shown });
  if (!shown) return null;
  const change = total === null ? null : changeFor(form, total);
  return (
    <div className="sale-counter" data-testid="sale-counter">
      <div className="field">
        <label htmlFor="sale-register">Caja</label>
        <select id="sale-register" value={form.registerId} onChange={(e) => onChange({ registerId: e.target.value })}>
          <option value="">Sin caja (no se registra en una sesión)</option>
          {registers.data?.registers.map((r) => (
            <option key={r.id} value={String(r.id)} disabled={!r.openSession}>
              {r.name}
              {r.openSession ? '' : ' (cerrada)'}
            </option>
          ))}
        </select>
      </div>
      {form.registerId !== '' && form.paymentMethod === 'cash' && (
        <div className="field">
          <label htmlFor="sale-tendered">Paga con</label>
          <input
            id="sale-tendered"
            inputMode="numeric"
            autoComplete="off"
            value={form.tendered}
            aria-describedby="sale-change"
            onChange={(e) => {
              const digits = e.target.value.replace(/\D/g, '');
              onChange({ tendered: digits === '' ? '' : Number.parseInt(digits, 10).toLocaleString('es-AR') });
            }}
          />
          <p id="sale-change" aria-live="polite" data-testid="sale-change">
            {change !== null ? `Vuelto ${formatPrice(change)}` : form.tendered && total !== null ? 'El monto no alcanza' : ''}
          </p>
        </div>
      )}
    </div>
  );
}
