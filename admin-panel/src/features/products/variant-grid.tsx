import { useId, useState } from 'react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { skuFor } from '@shop/shared';
import { DisclosureButton } from '@/components/disclosure-button';
import {
  digitsOnly,
  gridAxes,
  gridCells,
  gridKey,
  gridTotals,
  type CellField,
  type CellProblem,
  type ProductFormValues,
  type VariantCell,
} from './product-form-model';

interface VariantGridProps {
  values: Pick<ProductFormValues, 'title' | 'colors' | 'size' | 'grid'>;
  /** The cells' problems to show (after a first attempt to continue). */
  problems: CellProblem[];
  onCell: (key: string, patch: Partial<VariantCell>) => void;
  onFill: (units: string) => void;
}

/** The accessible name of a cell's stock input: "Stock Negro 85B", "Stock del talle 85" without colours. */
export function stockLabel(color: string | null, size: string | null): string {
  if (color === null) return size === null ? 'Stock' : `Stock del talle ${size}`;
  return size === null ? `Stock ${color}` : `Stock ${color} ${size}`;
}

const safeId = (key: string) => key.replace(/[^a-zA-Z0-9_-]/g, (c) => `_${c.charCodeAt(0)}`);

/**
 * The stock grid: rows are colours, columns sizes, one input per cell (whole units) with the totals of each size and
 * colour; "Poner N en todos" fills every cell; SKU, barcode and whether each cell is sold live in an expandable
 * "SKU y código de barras" section under it.
 */
export function VariantGrid({ values, problems, onCell, onFill }: VariantGridProps) {
  const baseId = useId();
  const [fill, setFill] = useState('');
  const [detailsOpen, setDetailsOpen] = useState(false);
  const { colors, sizes } = gridAxes(values);
  const totals = gridTotals(values);
  const swatch = (name: string | null) => values.colors.find((color) => color.name.trim() === name)?.value;
  const problemOf = (key: string, field: CellField) => problems.find((p) => p.key === key && p.field === field);
  const detailProblems = problems.some((p) => p.field !== 'stock');
  const open = detailsOpen || detailProblems;
  const detailsId = `${baseId}-details`;
  const fillUnits = fill === '' ? 0 : Number(fill);

  return (
    <div className="variant-grid">
      <div className="fill-all">
        <div className="field">
          <label htmlFor={`${baseId}-fill`}>Unidades para todas las variantes</label>
          <input
            id={`${baseId}-fill`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="0"
            value={fill}
            onChange={(e) => setFill(digitsOnly(e.target.value))}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                onFill(String(fillUnits));
              }
            }}
          />
        </div>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => onFill(String(fillUnits))}>
          Poner {fillUnits} en todos
        </button>
      </div>
      <div className="grid-scroll" role="region" aria-labelledby={`${baseId}-caption`} tabIndex={0}>
        <table className="stock-table variant-table" data-testid="stock-by-size">
          <caption id={`${baseId}-caption`}>Stock por color y talle</caption>
          <thead>
            <tr>
              <th scope="col">Color</th>
              {sizes.map((size) => (
                <th scope="col" key={size ?? '-'}>
                  {size ?? 'Unidades'}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {colors.map((color, row) => (
              <tr key={color ?? '-'}>
                <th scope="row">
                  <span className="color-name">
                    {color !== null && <span className="swatch" style={{ background: swatch(color) }} aria-hidden="true" />}
                    {color ?? 'Sin color'}
                  </span>
                </th>
                {sizes.map((size) => {
                  const key = gridKey(color, size);
                  const cell = values.grid[key];
                  const problem = problemOf(key, 'stock');
                  const inputId = `${baseId}-stock-${safeId(key)}`;
                  const inactive = cell?.active === false;
                  return (
                    <td key={size ?? '-'} className={inactive ? 'cell-inactive' : undefined}>
                      <input
                        id={inputId}
                        type="text"
                        inputMode="numeric"
                        autoComplete="off"
                        placeholder="0"
                        aria-label={stockLabel(color, size)}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={
                          [problem ? `${inputId}-error` : '', inactive ? `${baseId}-inactive-note` : ''].filter(Boolean).join(' ') ||
                          undefined
                        }
                        value={cell?.stock ?? ''}
                        onChange={(e) => onCell(key, { stock: digitsOnly(e.target.value) })}
                      />
                      {problem && (
                        <span className="visually-hidden" id={`${inputId}-error`}>
                          {problem.message}
                        </span>
                      )}
                    </td>
                  );
                })}
                <td data-testid={`color-total-${row}`}>{totals.byColor[row] ?? 0}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {sizes.map((size) => (
                <td key={size ?? '-'} data-testid={`size-total-${size ?? 'unico'}`}>
                  {size === null ? totals.total : (totals.bySize[size] ?? 0)}
                </td>
              ))}
              <td data-testid="stock-total">{totals.total}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="hint" id={`${baseId}-inactive-note`}>
        Las variantes desactivadas (en gris) no se venden y no suman al stock.
      </p>
      <DisclosureButton open={open} setOpen={setDetailsOpen} controls={detailsId} className="btn btn-ghost btn-sm">
        {open ? <ChevronDown size={16} aria-hidden="true" /> : <ChevronRight size={16} aria-hidden="true" />} SKU y código de barras
      </DisclosureButton>
      <div id={detailsId} hidden={!open} data-testid="variant-details">
        <p className="hint">Un SKU vacío lo genera la tienda. El código de barras es opcional: EAN-13 (13 dígitos) o UPC-A (12 dígitos).</p>
        <ul className="variant-details">
          {gridCells(values).map(({ key, color, size, label, cell }) => {
            const id = `${baseId}-v-${safeId(key)}`;
            const skuProblem = problemOf(key, 'sku');
            const barcodeProblem = problemOf(key, 'barcode');
            return (
              <li key={key} className="variant-detail" data-testid="variant-detail">
                <strong className="variant-detail-title">{label}</strong>
                <div className="field">
                  <label htmlFor={`${id}-sku`}>SKU {label}</label>
                  <input
                    id={`${id}-sku`}
                    type="text"
                    autoComplete="off"
                    maxLength={40}
                    placeholder={skuFor(values.title || 'Producto', color, size)}
                    value={cell.sku}
                    aria-invalid={skuProblem ? true : undefined}
                    aria-describedby={skuProblem ? `${id}-sku-error` : undefined}
                    className="sku-input"
                    autoCapitalize="characters"
                    spellCheck={false}
                    onChange={(e) => onCell(key, { sku: e.target.value })}
                  />
                  {skuProblem && (
                    <p className="field-error" id={`${id}-sku-error`}>
                      {skuProblem.message}
                    </p>
                  )}
                </div>
                <div className="field">
                  <label htmlFor={`${id}-barcode`}>Código de barras {label}</label>
                  <input
                    id={`${id}-barcode`}
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={13}
                    value={cell.barcode}
                    aria-invalid={barcodeProblem ? true : undefined}
                    aria-describedby={barcodeProblem ? `${id}-barcode-error` : undefined}
                    onChange={(e) => onCell(key, { barcode: digitsOnly(e.target.value) })}
                  />
                  {barcodeProblem && (
                    <p className="field-error" id={`${id}-barcode-error`}>
                      {barcodeProblem.message}
                    </p>
                  )}
                </div>
                <label className="switch">
                  <input type="checkbox" checked={cell.active} onChange={(e) => onCell(key, { active: e.target.checked })} />
                  <span>
                    Se vende<span className="visually-hidden"> {label}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
