import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@shop/client-kit';
import { formatPrice, PURCHASE_STATUS_LABELS, type Purchase } from '@shop/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, QueryStates } from '@/components/data-table';
import { Pagination } from '@/components/pagination';
import { formatDateTimeAR } from '@/lib/format-date';
import { purchaseQueries, useReceivePurchase, useReversePurchase } from './purchases-api';
import { ReceivePartDialog } from './receive-part-dialog';

const COLUMNS = ['Compra', 'Fecha', 'Proveedor', 'Estado', 'Unidades', 'Total', 'Acciones'];

interface PurchaseListProps {
  onEdit: (purchase: Purchase) => void;
  onNotice: (kind: 'success' | 'error', text: string) => void;
}

const TEXTS = {
  loading: 'Cargando compras...',
  failure: 'Error al cargar las compras',
  emptyTitle: 'Todavía no hay compras',
  emptyText: 'Cargá la primera arriba: elegí el proveedor y escaneá las prendas.',
};

/**
 * The purchases, newest first: their status, "Recibir todo" or "Recibir parte" (the units that arrived, line by line)
 * for what is still to receive, "Revertir" with a confirmation.
 */
export function PurchaseList({ onEdit, onNotice }: PurchaseListProps) {
  const [page, setPage] = useState(1);
  const list = useQuery(purchaseQueries.list(page));
  const receive = useReceivePurchase();
  const reverse = useReversePurchase();
  const [reversing, setReversing] = useState<Purchase | null>(null);
  const [receivingPart, setReceivingPart] = useState<Purchase | null>(null);
  const purchases = list.data?.purchases ?? [];

  function receiveAll(purchase: Purchase) {
    receive.mutate(purchase.id, {
      onSuccess: ({ purchase: done }) => onNotice('success', `${done.label} recibida: ${done.receivedUnits} de ${done.units} unidades.`),
      onError: (error) => onNotice('error', errorMessage(error)),
    });
  }

  function confirmReverse() {
    if (!reversing) return;
    reverse.mutate(reversing.id, {
      onSuccess: ({ purchase }) => {
        setReversing(null);
        onNotice('success', `${purchase.label} revertida: sus unidades salieron del stock.`);
      },
      onError: (error) => {
        setReversing(null);
        onNotice('error', errorMessage(error));
      },
    });
  }

  return (
    <section className="card" aria-labelledby="purchase-list-title">
      <h2 id="purchase-list-title">Compras</h2>
      <QueryStates query={list} texts={TEXTS} empty={purchases.length === 0}>
        <DataTable testId="purchase-list" caption="Compras, de la más nueva a la más vieja" columns={COLUMNS}>
          {purchases.map((purchase) => (
            <tr key={purchase.id} data-testid="purchase-row">
              <td data-label="Compra">{purchase.label}</td>
              <td data-label="Fecha" className="nowrap">
                {formatDateTimeAR(purchase.createdAt)}
              </td>
              <td data-label="Proveedor">{purchase.supplier.name}</td>
              <td data-label="Estado">{PURCHASE_STATUS_LABELS[purchase.status]}</td>
              <td data-label="Unidades">
                {purchase.receivedUnits} de {purchase.units} recibidas
              </td>
              <td data-label="Total">{formatPrice(purchase.totalCost)}</td>
              <td data-label="Acciones">
                {purchase.status === 'draft' && (
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => onEdit(purchase)}
                    aria-label={`Editar ${purchase.label}`}
                  >
                    Editar
                  </button>
                )}{' '}
                {(purchase.status === 'draft' || purchase.status === 'partial') && (
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={receive.isPending}
                    onClick={() => receiveAll(purchase)}
                    aria-label={`Recibir todo de ${purchase.label}`}
                  >
                    Recibir todo
                  </button>
                )}{' '}
                {(purchase.status === 'draft' || purchase.status === 'partial') && (
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => setReceivingPart(purchase)}
                    aria-label={`Recibir parte de ${purchase.label}`}
                  >
                    Recibir parte
                  </button>
                )}{' '}
                {(purchase.status === 'partial' || purchase.status === 'received') && (
                  <button
                    type="button"
                    className="btn btn-danger"
                    onClick={() => setReversing(purchase)}
                    aria-label={`Revertir ${purchase.label}`}
                  >
                    Revertir
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
        {list.data && list.data.pageCount > 1 && (
          <Pagination page={page} totalPages={list.data.pageCount} onChange={setPage} label="Páginas de compras" />
        )}
      </QueryStates>
      {receivingPart && (
        <ReceivePartDialog
          purchase={receivingPart}
          onClose={() => setReceivingPart(null)}
          onDone={(text) => {
            setReceivingPart(null);
            onNotice('success', text);
          }}
        />
      )}
      {reversing && (
        <ConfirmDialog
          title={`¿Revertir la ${reversing.label.toLowerCase()}?`}
          message={`Las ${reversing.receivedUnits} unidades recibidas salen del stock (queda registrado en el historial). No se puede deshacer.`}
          confirmLabel="Revertir"
          busyLabel="Revirtiendo..."
          busy={reverse.isPending}
          onConfirm={confirmReverse}
          onCancel={() => setReversing(null)}
        />
      )}
    </section>
  );
}
