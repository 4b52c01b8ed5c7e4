import { parseDigits } from '@shop/shared';
import { digitsOnly } from './product-form-model';

interface SizeStockProps {
  options: string[];
  chosen: string[];
  stockBySize: Record<string, string>;
  onToggle: (size: string) => void;
  onStock: (size: string, units: string) => void;
}

/** The size chips of the category's guide and, for the chosen sizes, the units of each with their total. */
export function SizeStock({ options, chosen, stockBySize, onToggle, onStock }: SizeStockProps) {
  const total = chosen.reduce((sum, size) => sum + parseDigits(stockBySize[size] ?? ''), 0);
  return (
    <div className="size-stock">
      <div className="chip-group">
        {options.map((size) => (
          <label key={size} className={`chip-check${chosen.includes(size) ? ' checked' : ''}`}>
            <input type="checkbox" checked={chosen.includes(size)} onChange={() => onToggle(size)} />
            {size}
          </label>
        ))}
      </div>
      {chosen.length > 0 && (
        <table className="stock-table" data-testid="stock-by-size">
          <caption>Stock por talle</caption>
          <thead>
            <tr>
              <th scope="col">Talle</th>
              <th scope="col">Unidades</th>
            </tr>
          </thead>
          <tbody>
            {chosen.map((size) => (
              <tr key={size}>
                <th scope="row">{size}</th>
                <td>
                  <input
                    id={`pf-stock-${size}`}
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder="0"
                    aria-label={`Stock del talle ${size}`}
                    value={stockBySize[size] ?? ''}
                    onChange={(e) => onStock(size, digitsOnly(e.target.value))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td data-testid="stock-total">{total}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </div>
  );
}
