import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Banknote, CheckCircle2, DollarSign, Eye, Landmark, RefreshCw, Search, ShoppingBag, Trash2 } from 'lucide-react';
import { LIMITS, ORDER_STATUSES, ORDER_STATUS_LABELS, formatPrice, type Order, type OrderStatus } from '@shop/shared';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { Banner, EmptyState, ErrorState, Spinner } from '@/components/feedback';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Pagination } from '@/components/pagination';
import { PaymentBadge, StatusBadge } from '@/components/status-badge';
import { orderQueries } from './api/order-queries';
import { useDeleteOrder } from './api/delete-order';
import { useUpdateOrderStatus } from './api/update-order-status';
import { breakdownByMethod, completedOrders, itemCountText, rangeText, searchOrders } from './order-list-model';
import { OrderQuickView } from './order-quick-view';
import { formatDate } from './format-date';

const PAGE_SIZE = LIMITS.adminOrdersPageSize;

export function OrderListPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  const [date, setDate] = useState('');
  const [search, setSearch] = useState('');
  const [quickViewId, setQuickViewId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Order | null>(null);
  const notice = useTimedMessage();

  const list = useQuery({ ...orderQueries.list({ page, limit: PAGE_SIZE, status, date }), placeholderData: keepPreviousData });
  const summary = useQuery(orderQueries.summary());
  const deleteMutation = useDeleteOrder();
  const statusMutation = useUpdateOrderStatus();

  const orders = list.data?.orders ?? [];
  const visible = searchOrders(orders, search);
  const totalOrders = list.data?.totalOrders ?? 0;
  const totalPages = list.data?.totalPages ?? 0;
  const quickView = quickViewId ? (orders.find((o) => o._id === quickViewId) ?? null) : null;
  const cash = breakdownByMethod(summary.data, 'cash');
  const transfer = breakdownByMethod(summary.data, 'transfer');

  function refresh() {
    queryClient.removeQueries({ queryKey: orderQueries.all() });
    setPage(1);
    void queryClient.invalidateQueries({ queryKey: orderQueries.all() });
  }

  function changeStatus(order: Order, next: OrderStatus) {
    statusMutation.mutate(
      { id: order._id, status: next },
      {
        onSuccess: () =>
          notice.show(
            { kind: 'success', text: `Estado de la orden #${order.orderNumber} actualizado a ${ORDER_STATUS_LABELS[next]}.` },
            LIMITS.bannerMs,
          ),
        onError: (error) => notice.show({ kind: 'error', text: `Error al actualizar el estado de la orden: ${errorMessage(error)}` }),
      },
    );
  }

  function confirmDelete() {
    if (!toDelete) return;
    const target = toDelete;
    deleteMutation.mutate(target._id, {
      onSuccess: () => notice.show({ kind: 'success', text: `Orden #${target.orderNumber} eliminada exitosamente.` }, LIMITS.bannerMs),
      onError: (error) => notice.show({ kind: 'error', text: `Error al eliminar la orden: ${errorMessage(error)}` }),
      onSettled: () => setToDelete(null),
    });
  }

  const filtered = search.trim() !== '' || date !== '';
  const emptyText = filtered
    ? 'No se encontraron órdenes con los filtros aplicados.'
    : status
      ? 'No hay órdenes con este estado.'
      : 'Todavía no se recibieron órdenes.';

  return (
    <div className="page" data-testid="order-list-page">
      <header className="page-header">
        <div>
          <Link to={paths.dashboard} className="back-link">
            <ArrowLeft size={16} aria-hidden="true" /> Volver al dashboard
          </Link>
          <h1>Gestión de Órdenes</h1>
        </div>
      </header>

      {notice.message && (
        <Banner kind={notice.message.kind} onClose={notice.clear}>
          {notice.message.text}
        </Banner>
      )}

      <section className="stat-grid stat-grid-3" aria-label="Resumen de órdenes" data-testid="orders-summary">
        <div className="stat-card">
          <span className="stat-icon" aria-hidden="true">
            <ShoppingBag size={22} />
          </span>
          <div>
            <p className="stat-label">Total de órdenes</p>
            <p className="stat-value">{summary.data?.totalOrders ?? 0}</p>
          </div>
        </div>
        <div className="stat-card">
          <span className="stat-icon green" aria-hidden="true">
            <DollarSign size={22} />
          </span>
          <div>
            <p className="stat-label">Ingresos totales</p>
            <p className="stat-value">{formatPrice(summary.data?.totalRevenue ?? 0)}</p>
          </div>
        </div>
        <div className="stat-card">
          <span className="stat-icon blue" aria-hidden="true">
            <CheckCircle2 size={22} />
          </span>
          <div>
            <p className="stat-label">Órdenes completadas</p>
            <p className="stat-value">{completedOrders(summary.data)}</p>
          </div>
        </div>
      </section>

      <section className="method-grid" aria-label="Órdenes por método de pago">
        <MethodPanel
          title="Pagos en efectivo"
          icon={<Banknote size={20} />}
          breakdown={cash}
          empty="No hay órdenes en efectivo"
          testId="cash-panel"
        />
        <MethodPanel
          title="Pagos por transferencia"
          icon={<Landmark size={20} />}
          breakdown={transfer}
          empty="No hay órdenes por transferencia"
          testId="transfer-panel"
        />
      </section>

      <section className="card filters" aria-label="Filtros de órdenes">
        <div className="field field-grow">
          <label htmlFor="order-search">Buscar en esta página</label>
          <div className="input-icon">
            <Search size={16} aria-hidden="true" />
            <input
              id="order-search"
              type="search"
              placeholder="Número de orden, cliente o email"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor="order-status">Estado</label>
          <select
            id="order-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value="">Todos los estados</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="order-date">Fecha</label>
          <input
            id="order-date"
            type="date"
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <button type="button" className="btn btn-secondary" onClick={refresh} disabled={list.isFetching}>
          <RefreshCw size={16} aria-hidden="true" className={list.isFetching ? 'spin' : undefined} /> Actualizar
        </button>
      </section>

      <section className="card table-card" aria-busy={list.isFetching} data-testid="orders-table-card">
        {list.isPending ? (
          <Spinner label="Cargando órdenes..." />
        ) : list.isError ? (
          <ErrorState message={`Error al cargar las órdenes: ${errorMessage(list.error)}`} onRetry={() => void list.refetch()} />
        ) : visible.length === 0 ? (
          <EmptyState title="No hay órdenes">
            <p className="muted">{emptyText}</p>
          </EmptyState>
        ) : (
          <div className="table-scroll">
            <table className="table responsive" data-testid="orders-table">
              <caption className="visually-hidden">Listado de órdenes</caption>
              <thead>
                <tr>
                  <th scope="col">Orden</th>
                  <th scope="col">Cliente</th>
                  <th scope="col">Total</th>
                  <th scope="col">Estado</th>
                  <th scope="col">Acciones</th>
                </tr>
              </thead>
              <tbody>
                {visible.map((order) => {
                  const deleting = deleteMutation.isPending && deleteMutation.variables === order._id;
                  return (
                    <tr key={order._id} data-testid="order-row">
                      <td className="cell-main">
                        <Link to={paths.order(order._id)} className="order-number">
                          #{order.orderNumber}
                        </Link>
                        <span className="cell-sub">
                          {itemCountText(order)} · {formatDate(order.createdAt)}
                        </span>
                      </td>
                      <td data-label="Cliente">
                        <span>
                          {order.shippingInfo.fullName}
                          <span className="cell-sub">{order.shippingInfo.email}</span>
                        </span>
                      </td>
                      <td data-label="Total">
                        <span className="total-cell">
                          <strong>{formatPrice(order.total)}</strong>
                          <PaymentBadge method={order.paymentMethod} />
                        </span>
                      </td>
                      <td data-label="Estado">
                        <StatusBadge status={order.status} />
                      </td>
                      <td data-label="Acciones">
                        <div className="row-actions">
                          <button
                            type="button"
                            className="icon-button"
                            onClick={() => setQuickViewId(order._id)}
                            aria-label={`Vista rápida de la orden ${order.orderNumber}`}
                            title="Vista rápida"
                          >
                            <Eye size={18} aria-hidden="true" />
                          </button>
                          <Link to={paths.order(order._id)} className="btn btn-secondary btn-sm">
                            Ver detalles
                          </Link>
                          <button
                            type="button"
                            className={deleting ? 'btn btn-sm btn-danger-outline' : 'icon-button danger'}
                            onClick={() => setToDelete(order)}
                            disabled={deleting}
                            aria-label={deleting ? undefined : `Eliminar orden ${order.orderNumber}`}
                            title="Eliminar orden"
                          >
                            <Trash2 size={deleting ? 16 : 18} aria-hidden="true" />
                            {deleting && <span>Eliminando...</span>}
                          </button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {totalPages > 1 && (
          <div className="pagination-bar">
            <p className="pagination-info" data-testid="orders-range">
              {rangeText(page, PAGE_SIZE, totalOrders)}
            </p>
            <Pagination page={page} totalPages={totalPages} onChange={setPage} label="Paginación de órdenes" />
          </div>
        )}
      </section>

      {quickView && (
        <OrderQuickView
          order={quickView}
          updating={statusMutation.isPending}
          onStatusChange={(next) => changeStatus(quickView, next)}
          onClose={() => setQuickViewId(null)}
        />
      )}
      {toDelete && (
        <ConfirmDialog
          title="Eliminar orden"
          message={`¿Seguro que querés eliminar la orden #${toDelete.orderNumber}? Esta acción no se puede deshacer.`}
          confirmLabel="Eliminar orden"
          busyLabel="Eliminando..."
          busy={deleteMutation.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setToDelete(null)}
        />
      )}
    </div>
  );
}

function MethodPanel({
  title,
  icon,
  breakdown,
  empty,
  testId,
}: {
  title: string;
  icon: ReactNode;
  breakdown: ReturnType<typeof breakdownByMethod>;
  empty: string;
  testId: string;
}) {
  return (
    <div className="card method-panel" data-testid={testId}>
      <div className="card-header">
        <h2 className="with-icon">
          <span aria-hidden="true">{icon}</span> {title}
        </h2>
        <span className="method-total">{breakdown.total}</span>
      </div>
      {breakdown.byStatus.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="status-counts">
          {breakdown.byStatus.map(({ status, count }) => (
            <li key={status}>
              <StatusBadge status={status} />
              <span className="count">{count}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
