import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Plus, Search } from 'lucide-react';
import { formatPrice, linePrice, type Product } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { searchSaleProducts } from './api/sales-api';
import { lineOf, variantByCode, type SaleLine } from './sale-model';

type Variant = NonNullable<Product['variants']>[number];

const variantText = (v: Variant) =>
  `${[v.color, v.size ? `talle ${v.size}` : null].filter(Boolean).join(' · ') || 'Único'} — ${v.stock > 0 ? `${v.stock} en stock` : 'sin stock'}${v.active ? '' : ' (inactivo)'}`;

/** One result: the colour × size to sell (with its stock) and "Agregar". */
function ProductResult({ product, onAdd }: { product: Product; onAdd: (line: SaleLine) => void }) {
  const variants = product.variants ?? [];
  const sellable = variants.filter((v) => v.active && v.stock > 0);
  const [chosen, setChosen] = useState(sellable[0]?.id ?? '');
  const selectId = useId();
  const variant = variants.find((v) => v.id === chosen);
  return (
    <li className="sale-result">
      <div className="sale-result-title">
        <strong>{product.title}</strong>
        <span className="muted">{formatPrice(linePrice(product))}</span>
      </div>
      {variants.length === 0 ? (
        <p className="hint">Este producto no tiene variantes con stock.</p>
      ) : (
        <div className="sale-result-pick">
          <label htmlFor={selectId} className="visually-hidden">
            Color y talle de {product.title}
          </label>
          <select id={selectId} value={chosen} onChange={(e) => setChosen(e.target.value)}>
            {variants.map((v) => (
              <option key={v.id} value={v.id} disabled={!v.active || v.stock <= 0}>
                {variantText(v)}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={!variant || !variant.active || variant.stock <= 0}
            onClick={() => variant && onAdd(lineOf(product, variant))}
          >
            <Plus size={16} aria-hidden="true" /> Agregar
          </button>
        </div>
      )}
    </li>
  );
}

/**
 * Product search by title, SKU or barcode. A USB scanner types the code and presses Enter: a code that names one
 * variant adds it at once (one more unit when it is already in the sale); anything else lists the products found.
 */
export function SaleProductPicker({ onAdd }: { onAdd: (line: SaleLine) => void }) {
  const [term, setTerm] = useState('');
  const [results, setResults] = useState<Product[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const input = useRef<HTMLInputElement>(null);

  // Not a form of its own: the picker sits inside the sale's form (forms do not nest); Enter searches here.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void search();
  }

  async function search() {
    const text = term.trim();
    if (!text) return;
    setLoading(true);
    setError(null);
    try {
      const answer = await searchSaleProducts(text);
      const exact = variantByCode(answer.payload, text);
      if (exact) {
        if (exact.variant.stock <= 0 || !exact.variant.active) {
          setStatus(`${exact.product.title} (${exact.variant.sku}) no tiene stock`);
          setResults(answer.payload);
        } else {
          onAdd(lineOf(exact.product, exact.variant));
          setStatus(`Agregado: ${exact.product.title} ${[exact.variant.color, exact.variant.size].filter(Boolean).join(' ')}`);
          setResults(null);
        }
        setTerm('');
        input.current?.focus();
      } else {
        setResults(answer.payload);
        setStatus(answer.payload.length === 0 ? 'No se encontraron productos' : `${answer.payload.length} productos encontrados`);
      }
    } catch (err) {
      setError(errorMessage(err, 'No se pudieron buscar productos'));
    } finally {
      setLoading(false);
    }
  }

  function add(line: SaleLine) {
    onAdd(line);
    setStatus(`Agregado: ${line.title} ${[line.color, line.size].filter(Boolean).join(' ')}`);
  }

  return (
    <div className="sale-picker">
      <div role="search" className="sale-search">
        <div className="field field-grow">
          <label htmlFor="sale-search">Buscar producto (título, SKU o código de barras)</label>
          <input
            id="sale-search"
            ref={input}
            type="search"
            value={term}
            autoComplete="off"
            onChange={(e) => setTerm(e.target.value)}
            onKeyDown={onKeyDown}
            aria-describedby="sale-search-hint"
            data-testid="sale-search"
          />
          <p className="hint" id="sale-search-hint">
            Escaneá el código o escribilo y apretá Enter.
          </p>
        </div>
        <button type="button" className="btn btn-secondary" disabled={loading} onClick={() => void search()}>
          <Search size={16} aria-hidden="true" /> {loading ? 'Buscando…' : 'Buscar'}
        </button>
      </div>
      <p role="status" aria-live="polite" className="sale-status" data-testid="sale-search-status">
        {status}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {results && results.length > 0 && (
        <ul className="sale-results" aria-label="Productos encontrados">
          {results.map((product) => (
            <ProductResult key={product._id} product={product} onAdd={add} />
          ))}
        </ul>
      )}
    </div>
  );
}
