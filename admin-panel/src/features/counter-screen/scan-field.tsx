import { forwardRef, useState, type KeyboardEvent } from 'react';
import { ScanBarcode } from 'lucide-react';
import { errorMessage } from '@shop/client-kit';
import { lineOf, searchSaleProducts, variantByCode, type SaleLine } from '@/features/sales';
import { variantName } from './screen-model';

interface Props {
  /** Adds one unit of the variant (one more when it is already in the sale); answers the new quantity. */
  onAdd: (line: SaleLine) => number;
}

/**
 * The scan field: a barcode scanner types the code and presses Enter. The code (barcode or SKU, as "Ingreso de
 * mercadería" and "Nueva venta" look it up) adds its variant; every result is announced (aria-live).
 */
export const ScanField = forwardRef<HTMLInputElement, Props>(function ScanField({ onAdd }, ref) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; ok: boolean } | null>(null);

  async function scan(text: string) {
    setBusy(true);
    try {
      const answer = await searchSaleProducts(text);
      const found = variantByCode(answer.payload, text);
      if (!found) setStatus({ text: `Código no encontrado: ${text}`, ok: false });
      else if (!found.variant.active || found.variant.stock <= 0)
        setStatus({ text: `Sin stock: ${found.product.title} ${variantName(found.variant)}`, ok: false });
      else {
        const quantity = onAdd(lineOf(found.product, found.variant));
        const count = quantity > 1 ? ` (${quantity} unidades)` : '';
        setStatus({ text: `Agregado: ${found.product.title} ${variantName(found.variant)}${count}`, ok: true });
      }
    } catch (err) {
      setStatus({ text: errorMessage(err, 'No se pudo buscar el código'), ok: false });
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const text = code.trim();
    setCode('');
    if (text) void scan(text);
  }

  return (
    <div className="screen-scan">
      <label htmlFor="screen-scan-input">Código de barras o SKU</label>
      <div className="screen-scan-row">
        <ScanBarcode size={28} aria-hidden="true" />
        <input
          id="screen-scan-input"
          ref={ref}
          type="text"
          inputMode="text"
          autoComplete="off"
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby="screen-scan-hint"
          aria-busy={busy}
          data-testid="screen-scan"
        />
      </div>
      <p className="hint" id="screen-scan-hint">
        Escaneá el código o escribilo y apretá Enter. Cada escaneo suma una unidad.
      </p>
      <p
        role="status"
        aria-live="assertive"
        className={`screen-scan-status ${status?.ok === false ? 'is-error' : ''}`}
        data-testid="screen-scan-status"
      >
        {status?.text ?? ''}
      </p>
    </div>
  );
});
