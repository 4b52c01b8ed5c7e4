import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { History, SlidersHorizontal } from 'lucide-react';
import { LIMITS, STOCK_LEDGER_MSG, STOCK_REASON_LABELS, STOCK_REASONS, type Product, type StockMovement } from '@shop/shared';
import { DataTable, QueryStates } from '@/components/data-table';
import { DetailCard } from '@/components/detail-card';
import { NoticeBanner } from '@/components/notice-banner';
import { Pagination } from '@/components/pagination';
import { ChoiceField, choicesOf } from '@/components/select-field';
import { usePermission } from '@/features/auth';
import { useChoiceFilter } from '@/hooks/use-choice-filter';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { formatDateTimeAR } from '@/lib/format-date';
import { stockLedgerQueries } from './api/stock-ledger';
import { AdjustStockDialog } from './adjust-stock-dialog';
import { reasonText, referenceText, signedUnits, staffText, variantName } from './stock-history-texts';

const REASON_CHOICES = choicesOf(STOCK_REASONS, (reason) => STOCK_REASON_LABELS[reason]);

const COLUMNS = ['Fecha', 'Variante', 'Motivo', 'Cantidad', 'Quedan', 'Referencia', 'Quién'];

interface StockHistoryCardProps {
  product: Product;
  /** After an adjustment: the form takes the fresh figures of the grid. */
  onAdjusted: () => void;
}

/**
 * 'Historial de stock' of a product being edited: every movement of its variants (why, how many, how many were left,
 * the order, return or file it belongs to, who), newest first, filtered by variant and reason, 25 a page; and
 * 'Ajuste de stock' with its mandatory reason for those who may adjust.
 */
export function StockHistoryCard({ product, onAdjusted }: StockHistoryCardProps) {
  const allowed = usePermission('stock.view');
  const canAdjust = usePermission('stock.adjust');
  const variants = product.variants ?? [];
  const [page, setPage] = useState(1);
  const sku = useChoiceFilter(
    variants.map((variant) => ({ value: variant.sku, label: `${variantName(variant)} · ${variant.sku}` })),
    () => setPage(1),
  );
  const reason = useChoiceFilter(REASON_CHOICES, () => setPage(1));
  const [adjusting, setAdjusting] = useState(false);
  const notice = useTimedMessage();
  const list = useQuery({
    ...stockLedgerQueries.movements({ productId: product._id, sku: sku.value || undefined, reason: reason.value || undefined, page }),
    enabled: allowed,
  });
  if (!allowed) return null;
  const movements = list.data?.movements ?? [];
  const filtered = sku.value !== '' || reason.value !== '';

  function done(movement: StockMovement) {
    setAdjusting(false);
    const text = `${STOCK_LEDGER_MSG.adjusted}: ${variantName(movement)} ${signedUnits(movement.quantity)}, quedan ${movement.unitsAfter}.`;
    notice.show({ kind: 'success', text }, LIMITS.bannerMs);
    setPage(1);
    onAdjusted();
  }

  return (
    <DetailCard headingId="stock-history-title" title="Historial de stock" icon={History} testId="stock-history">
      <p className="muted">Cada unidad que entró o salió de este producto: ventas, cancelaciones, cambios, planillas y ajustes.</p>
      <NoticeBanner notice={notice} />
      <div className="filters" role="group" aria-label="Filtros del historial de stock">
        <ChoiceField id="stock-history-variant" label="Variante" all="Todas las variantes" {...sku} />
        <ChoiceField id="stock-history-reason" label="Motivo" all="Todos los motivos" {...reason} />
        {canAdjust && variants.length > 0 && (
          <div className="field">
            <button type="button" className="btn btn-secondary" onClick={() => setAdjusting(true)} data-testid="adjust-stock-open">
              <SlidersHorizontal size={16} aria-hidden="true" /> Ajuste de stock
            </button>
          </div>
        )}
      </div>
      <QueryStates
        query={list}
        texts={{
          loading: 'Cargando historial de stock...',
          failure: 'Error al cargar el historial de stock',
          emptyTitle: filtered ? 'No hay movimientos con estos filtros' : 'Todavía no hay movimientos',
          emptyText: filtered ? 'Probá con otra variante u otro motivo.' : 'Cuando se venda, cancele o ajuste una unidad, aparece acá.',
        }}
        empty={movements.length === 0}
      >
        <DataTable testId="stock-history-table" caption="Movimientos de stock, del más nuevo al más viejo" columns={COLUMNS}>
          {movements.map((movement) => (
            <tr key={movement.id} data-testid="stock-movement-row">
              <td data-label="Fecha" className="nowrap">
                {formatDateTimeAR(movement.at)}
              </td>
              <td data-label="Variante">
                {variantName(movement)} <span className="muted">{movement.sku}</span>
              </td>
              <td data-label="Motivo">
                {reasonText(movement)}
                {movement.note && <div className="muted">{movement.note}</div>}
              </td>
              <td data-label="Cantidad" className="nowrap">
                <span aria-label={`${movement.quantity > 0 ? 'entraron' : 'salieron'} ${Math.abs(movement.quantity)}`}>
                  {signedUnits(movement.quantity)}
                </span>
              </td>
              <td data-label="Quedan">{movement.unitsAfter}</td>
              <td data-label="Referencia" className="cell-break">
                {referenceText(movement.reference)}
              </td>
              <td data-label="Quién" className="cell-break">
                {staffText(movement.staff)}
              </td>
            </tr>
          ))}
        </DataTable>
        <Pagination page={page} totalPages={list.data?.pageCount ?? 0} onChange={setPage} label="Páginas del historial de stock" />
        {list.data?.capped && (
          <p className="muted" data-testid="stock-history-capped">
            Se muestran los {list.data.total.toLocaleString('es-AR')} movimientos más recientes; filtrá por variante o motivo para ver
            otros.
          </p>
        )}
      </QueryStates>
      {adjusting && <AdjustStockDialog variants={variants} initialSku={sku.value} onDone={done} onCancel={() => setAdjusting(false)} />}
    </DetailCard>
  );
}
