import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Calculator } from 'lucide-react';
import { errorMessage } from '@shop/client-kit';
import { COST_METHOD_LABELS, formatPrice, PURCHASE_MAX_UNIT_COST, PURCHASES_MSG } from '@shop/shared';
import { PendingButton } from '@/components/submit-button';
import { DataTable, QueryStates } from '@/components/data-table';
import { DetailCard } from '@/components/detail-card';
import { usePermission } from '@/features/auth';
import { variantCostQueries, useSaveVariantCosts } from './api/variant-costs';

/** '7.500', '7500' or '' (no cost): whole pesos; NaN for anything else. */
export function costOfText(text: string): number | null {
  const clean = text.trim().replace(/^\$\s*/, '');
  if (clean === '') return null;
  if (!/^(\d{1,3}(\.\d{3})+|\d+)$/.test(clean)) return NaN;
  const value = Number(clean.replace(/\./g, ''));
  return value <= PURCHASE_MAX_UNIT_COST ? value : NaN;
}

const shown = (cost: number | null) => (cost === null ? '' : cost.toLocaleString('es-AR'));

const TEXTS = {
  loading: 'Cargando costos...',
  failure: 'Error al cargar los costos',
  emptyTitle: 'El producto no tiene variantes',
};

/**
 * 'Costos' of a product being edited (purchases.manage): each variant's cost, kept by the purchases and typed here by
 * hand for stock that was there before them; an empty field forgets the cost. Only the changed variants are sent.
 */
export function VariantCostsCard({ productId }: { productId: string }) {
  const allowed = usePermission('purchases.manage');
  const costs = useQuery({ ...variantCostQueries.of(productId), enabled: allowed });
  const save = useSaveVariantCosts(productId);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    if (costs.data) setTexts(Object.fromEntries(costs.data.costs.map((c) => [c.variantId, shown(c.cost)])));
  }, [costs.data]);
  if (!allowed) return null;
  const rows = costs.data?.costs ?? [];

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(null);
    const changed = rows
      .map((row) => ({ variantId: row.variantId, sku: row.sku, cost: costOfText(texts[row.variantId] ?? ''), before: row.cost }))
      .filter((row) => row.cost !== row.before);
    const bad = changed.find((row) => Number.isNaN(row.cost));
    if (bad) {
      setError(`${bad.sku}: ${PURCHASES_MSG.unitCost}`);
      return;
    }
    setError(null);
    if (changed.length === 0) {
      setSaved('No hay costos cambiados.');
      return;
    }
    save.mutate(
      changed.map(({ variantId, cost }) => ({ variantId, cost })),
      {
        onSuccess: () => setSaved(`${PURCHASES_MSG.costsSaved}: ${changed.length} ${changed.length === 1 ? 'variante' : 'variantes'}.`),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  }

  return (
    <DetailCard headingId="variant-costs-title" title="Costos" icon={Calculator} testId="variant-costs">
      <p className="muted">
        Lo que costó cada variante: lo actualizan las compras recibidas
        {costs.data ? ` (${COST_METHOD_LABELS[costs.data.costMethod].toLowerCase()})` : ''}; cargalo acá para el stock que ya tenías. Nunca
        se muestra en la tienda.
      </p>
      <QueryStates query={costs} texts={TEXTS} empty={rows.length === 0}>
        <form onSubmit={submit} noValidate aria-label="Costos de las variantes">
          <DataTable testId="variant-costs-table" caption="Costo por variante" columns={['Variante', 'SKU', 'Costo actual', 'Costo ($)']}>
            {rows.map((row) => (
              <tr key={row.variantId}>
                <td data-label="Variante">{[row.color, row.size].filter(Boolean).join(' ') || 'Única'}</td>
                <td data-label="SKU">{row.sku}</td>
                <td data-label="Costo actual">{row.cost === null ? 'Sin costo' : formatPrice(row.cost)}</td>
                <td data-label="Costo ($)">
                  <input
                    type="text"
                    inputMode="numeric"
                    aria-label={`Costo de ${row.sku}`}
                    value={texts[row.variantId] ?? ''}
                    onChange={(e) => setTexts({ ...texts, [row.variantId]: e.target.value })}
                  />
                </td>
              </tr>
            ))}
          </DataTable>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          {saved && (
            <p className="hint" role="status">
              {saved}
            </p>
          )}
          <PendingButton label="Guardar costos" pendingLabel="Guardando..." pending={save.isPending} className="btn btn-secondary" />
        </form>
      </QueryStates>
    </DetailCard>
  );
}
