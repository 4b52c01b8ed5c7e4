import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BellRing, Trash2 } from 'lucide-react';
import { LIMITS, STOCK_ALERT_MSG, waitingLabel, type StockAlert } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { RowActionButton } from '@/components/row-action-button';
import { DataTable, QueryStates } from '@/components/data-table';
import { DeleteDialog } from '@/components/delete-dialog';
import { DetailCard } from '@/components/detail-card';
import { NoticeBanner } from '@/components/notice-banner';
import { usePermission } from '@/features/auth';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { formatDateTimeAR } from '@/lib/format-date';
import { stockAlertQueries, useDeleteStockAlert } from './api/stock-alerts';

const TEXTS = {
  loading: 'Cargando avisos de stock...',
  failure: 'Error al cargar los avisos de stock',
  emptyTitle: 'Nadie está esperando talles de este producto',
  emptyText: 'Cuando alguien pida que le avisemos de un talle agotado, aparece acá.',
};

/** '' is a product without sizes. */
const sizeText = (size: string) => (size === '' ? 'Sin talle' : size);

/** How the row and its confirmation name an alert: 'el aviso de ana@mail.com por el talle 90C'. */
function alertName(alert: StockAlert): string {
  return alert.size === '' ? `el aviso de ${alert.email}` : `el aviso de ${alert.email} por el talle ${alert.size}`;
}

/**
 * 'Avisos de stock' of a product being edited: how many wait for each size ("3 esperan 90C") and who, with 'Eliminar'
 * (after confirming) for a request that should not get its e-mail. Only for staff who manage products.
 */
export function StockAlertsCard({ productId }: { productId: string }) {
  const allowed = usePermission('products.manage');
  const list = useQuery({ ...stockAlertQueries.forProduct(productId), enabled: allowed });
  const remove = useDeleteStockAlert();
  const notice = useTimedMessage();
  const [deleting, setDeleting] = useState<StockAlert | null>(null);
  if (!allowed) return null;
  const alerts = list.data?.alerts ?? [];
  const bySize = list.data?.bySize ?? [];

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (answer) => notice.show({ kind: 'success', text: answer.message || STOCK_ALERT_MSG.deleted }, LIMITS.bannerMs),
      onError: (error) => notice.show({ kind: 'error', text: `No se pudo eliminar el aviso: ${errorMessage(error)}` }),
      onSettled: () => setDeleting(null),
    });
  }

  return (
    <DetailCard headingId="stock-alerts-title" title="Avisos de stock" icon={BellRing} testId="stock-alerts">
      <p className="muted">
        Quienes pidieron que les avisemos cuando vuelva un talle agotado. El email sale solo cuando cargás stock de ese talle.
      </p>
      <NoticeBanner notice={notice} />
      <QueryStates query={list} texts={TEXTS} empty={alerts.length === 0}>
        <ul className="chips waiting-chips" aria-label="Personas esperando por talle">
          {bySize.map((w) => (
            <li key={w.size} className="chip">
              {waitingLabel(w.waiting, w.size)}
            </li>
          ))}
        </ul>
        <DataTable
          testId="stock-alerts-table"
          caption="Avisos de stock esperando"
          columns={['Email', 'WhatsApp', 'Talle', 'Pedido el', 'Acciones']}
        >
          {alerts.map((alert) => (
            <tr key={alert.id} data-testid={`stock-alert-${alert.id}`}>
              <td data-label="Email">{alert.email}</td>
              <td data-label="WhatsApp" className="nowrap">
                {alert.phone || '—'}
              </td>
              <td data-label="Talle">{sizeText(alert.size)}</td>
              <td data-label="Pedido el" className="nowrap">
                {formatDateTimeAR(alert.createdAt)}
              </td>
              <td data-label="Acciones">
                <RowActionButton icon={Trash2} label={`Eliminar ${alertName(alert)}`} onClick={() => setDeleting(alert)}>
                  Eliminar
                </RowActionButton>
              </td>
            </tr>
          ))}
        </DataTable>
      </QueryStates>
      <DeleteDialog
        what={deleting && { title: 'Eliminar aviso de stock', confirmLabel: 'Eliminar', subject: alertName(deleting) }}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </DetailCard>
  );
}
