import { useState } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Truck } from 'lucide-react';
import {
  FULFILLMENT_LABELS,
  FULFILLMENT_STEPS,
  LIMITS,
  ORDER_CHANNEL_LABELS,
  ORDER_CHANNELS,
  ORDER_STATUS_LABELS,
  type Order,
  type OrderStatus,
} from '@shop/shared';
import { paths } from '@/config/paths';
import { usePermission } from '@/features/auth';
import { contentQueries } from '@/features/content';
import { errorMessage } from '@shop/client-kit';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { BackLink } from '@/components/back-link';
import { DeleteDialog } from '@/components/delete-dialog';
import { DataTable, TableCard } from '@/components/data-table';
import { NoticeBanner } from '@/components/notice-banner';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { RefreshButton } from '@/components/refresh-button';
import { SearchField } from '@/components/search-field';
import { ChoiceField, SelectField } from '@/components/select-field';
import { orderQueries } from './api/order-queries';
import { useDeleteOrder } from './api/delete-order';
import { useUpdateOrderStatus } from './api/update-order-status';
import { placeFilterOptions, rangeText, searchOrders } from './order-list-model';
import { OrderExportBar } from './order-export-bar';
import { OrderListSummary } from './order-list-summary';
import { OrderQuickView } from './order-quick-view';
import { OrderRow } from './order-row';
import { OrderShipmentsBar } from './order-shipments-bar';
import { OrderStatusOptions } from './order-status-options';

const PAGE_SIZE = LIMITS.adminOrdersPageSize;

/** What the delete confirmation says about the row to delete (none while nothing is to be deleted). */
const deletion = (order: Order | null) =>
  order ? { title: 'Eliminar orden', confirmLabel: 'Eliminar orden', subject: `la orden #${order.orderNumber}` } : null;

export function OrderListPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  const [date, setDate] = useState('');
  const [fulfillment, setFulfillment] = useState('');
  const [channel, setChannel] = useState('');
  const [search, setSearch] = useState('');
  // An order goes to a zone or to a meeting point, never both: choosing one filter clears the other.
  const [place, setPlace] = useState<{ zone: string; meetingPoint: string }>({ zone: '', meetingPoint: '' });
  const [quickViewId, setQuickViewId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Order | null>(null);
  const notice = useTimedMessage();

  const list = useQuery({
    ...orderQueries.list({ page, limit: PAGE_SIZE, status, date, fulfillment, channel, ...place }),
    placeholderData: keepPreviousData,
  });
  const summary = useQuery(orderQueries.summary());
  const content = useQuery(contentQueries.site());
  const placeOptions = placeFilterOptions(content.data);
  const deleteMutation = useDeleteOrder();
  // Customers' CSV and deleting orders are the owner's (docs/security.md §16): other roles see neither.
  const mayExport = usePermission('orders.export');
  const mayDelete = usePermission('orders.delete');
  const mayShip = usePermission('orders.manage');
  // The carrier orders ticked for "Crear envíos" / "Imprimir etiquetas" (kept across pages of the list).
  const [shipping, setShipping] = useState<Map<string, { id: string; orderNumber: string }>>(new Map());
  const toggleShipping = (order: Order, on: boolean) =>
    setShipping((current) => {
      const next = new Map(current);
      if (on) next.set(order._id, { id: order._id, orderNumber: order.orderNumber });
      else next.delete(order._id);
      return next;
    });
  const statusMutation = useUpdateOrderStatus();

  const orders = list.data?.orders ?? [];
  const visible = searchOrders(orders, search);
  const totalOrders = list.data?.totalOrders ?? 0;
  const totalPages = list.data?.totalPages ?? 0;
  const quickView = quickViewId ? (orders.find((o) => o._id === quickViewId) ?? null) : null;

  // A new status, date or place filter starts again from the first page.
  function filterBy(setFilter: (value: string) => void, value: string) {
    setFilter(value);
    setPage(1);
  }
  function filterByPlace(next: { zone: string; meetingPoint: string }) {
    setPlace(next);
    setPage(1);
  }

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

  const closeDelete = () => setToDelete(null);

  function confirmDelete() {
    if (!toDelete) return;
    const target = toDelete;
    deleteMutation.mutate(target._id, {
      onSuccess: () => notice.show({ kind: 'success', text: `Orden #${target.orderNumber} eliminada exitosamente.` }, LIMITS.bannerMs),
      onError: (error) => notice.show({ kind: 'error', text: `Error al eliminar la orden: ${errorMessage(error)}` }),
      onSettled: closeDelete,
    });
  }

  const filtered =
    search.trim() !== '' || date !== '' || fulfillment !== '' || channel !== '' || place.zone !== '' || place.meetingPoint !== '';
  const emptyText = filtered
    ? 'No se encontraron órdenes con los filtros aplicados.'
    : status
      ? 'No hay órdenes con este estado.'
      : 'Todavía no se recibieron órdenes.';

  return (
    <div className="page" data-testid="order-list-page">
      <PageHeader title="Gestión de Órdenes" before={<BackLink to={paths.dashboard}>Volver al dashboard</BackLink>}>
        <div className="page-header-actions">
          <Link to={paths.ordersDispatch} className="btn btn-secondary">
            <Truck size={16} aria-hidden="true" /> Hoja de reparto
          </Link>
        </div>
      </PageHeader>
      <NoticeBanner notice={notice} />
      <OrderListSummary summary={summary.data} />

      <section className="card filters" aria-label="Filtros de órdenes">
        <SearchField
          id="order-search"
          label="Buscar en esta página"
          placeholder="Número de orden, cliente o email"
          value={search}
          onChange={setSearch}
        />
        <SelectField id="order-status" label="Estado" value={status} onChange={(value) => filterBy(setStatus, value)}>
          <option value="">Todos los estados</option>
          <OrderStatusOptions />
        </SelectField>
        <SelectField id="order-fulfillment" label="Entrega" value={fulfillment} onChange={(value) => filterBy(setFulfillment, value)}>
          <option value="">Todas las entregas</option>
          {FULFILLMENT_STEPS.map((step) => (
            <option key={step} value={step}>
              {FULFILLMENT_LABELS[step]}
            </option>
          ))}
        </SelectField>
        <SelectField id="order-channel" label="Canal" value={channel} onChange={(value) => filterBy(setChannel, value)}>
          <option value="">Todos los canales</option>
          {ORDER_CHANNELS.map((c) => (
            <option key={c} value={c}>
              {ORDER_CHANNEL_LABELS[c]}
            </option>
          ))}
        </SelectField>
        <div className="field">
          <label htmlFor="order-date">Fecha</label>
          <input id="order-date" type="date" value={date} onChange={(e) => filterBy(setDate, e.target.value)} />
        </div>
        {placeOptions.zones.length > 0 && (
          <ChoiceField
            id="order-zone"
            label="Zona de envío"
            value={place.zone}
            onChange={(zone) => filterByPlace({ zone, meetingPoint: '' })}
            all="Todas las zonas"
            choices={placeOptions.zones}
          />
        )}
        {placeOptions.meetingPoints.length > 0 && (
          <ChoiceField
            id="order-meeting-point"
            label="Punto de encuentro"
            value={place.meetingPoint}
            onChange={(meetingPoint) => filterByPlace({ zone: '', meetingPoint })}
            all="Todos los puntos"
            choices={placeOptions.meetingPoints}
          />
        )}
        <RefreshButton busy={list.isFetching} onClick={refresh} />
      </section>
      <OrderShipmentsBar selected={[...shipping.values()]} onClear={() => setShipping(new Map())} />
      {mayExport && <OrderExportBar status={status} date={date} search={search} fulfillment={fulfillment} channel={channel} />}

      <TableCard
        query={list}
        texts={{ loading: 'Cargando órdenes...', failure: 'Error al cargar las órdenes', emptyTitle: 'No hay órdenes', emptyText }}
        empty={visible.length === 0}
        testId="orders-table-card"
        footer={
          totalPages > 1 && (
            <div className="pagination-bar">
              <p className="pagination-info" data-testid="orders-range">
                {rangeText(page, PAGE_SIZE, totalOrders)}
              </p>
              <Pagination page={page} totalPages={totalPages} onChange={setPage} label="Paginación de órdenes" />
            </div>
          )
        }
      >
        <DataTable testId="orders-table" caption="Listado de órdenes" columns={['Orden', 'Cliente', 'Total', 'Estado', 'Acciones']}>
          {visible.map((order) => (
            <OrderRow
              key={order._id}
              order={order}
              deleting={deleteMutation.isPending && deleteMutation.variables === order._id}
              onQuickView={() => setQuickViewId(order._id)}
              onDelete={mayDelete ? () => setToDelete(order) : undefined}
              selection={
                mayShip && order.deliveryType === 'carrier'
                  ? { selected: shipping.has(order._id), onChange: (on) => toggleShipping(order, on) }
                  : undefined
              }
            />
          ))}
        </DataTable>
      </TableCard>

      {quickView && (
        <OrderQuickView
          order={quickView}
          updating={statusMutation.isPending}
          onStatusChange={(next) => changeStatus(quickView, next)}
          onClose={() => setQuickViewId(null)}
        />
      )}
      <DeleteDialog what={deletion(toDelete)} busy={deleteMutation.isPending} onConfirm={confirmDelete} onCancel={closeDelete} />
    </div>
  );
}
