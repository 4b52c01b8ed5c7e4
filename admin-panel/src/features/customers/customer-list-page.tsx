import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { CUSTOMER_SORTS, ORDER_CHANNEL_LABELS, formatPrice, type CustomerSort } from '@shop/shared';
import { paths } from '@/config/paths';
import { usePermission } from '@/features/auth';
import { formatDate } from '@/lib/format-date';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { BackLink } from '@/components/back-link';
import { DataTable, TableCard } from '@/components/data-table';
import { ExportButton } from '@/components/export-button';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { SearchField } from '@/components/search-field';
import { SelectField } from '@/components/select-field';
import { customerQueries } from './api/customer-queries';
import './customers.css';

const PAGE_SIZE = 25;

const SORT_LABELS: Record<CustomerSort, string> = {
  lastOrder: 'Última compra',
  totalSpent: 'Total gastado',
  orders: 'Cantidad de órdenes',
  name: 'Nombre',
};

const COLUMNS = ['Cliente', 'Contacto', 'Órdenes', 'Total gastado', 'Última compra', 'Canales'];

/** "Clientes": one row per shopper across web and staff sales, searched, sorted and paged on the server. */
export function CustomerListPage() {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<CustomerSort>('lastOrder');
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search, 300);
  const mayExport = usePermission('customers.export');
  const list = useQuery(customerQueries.list({ search: debounced, sort, direction, page, pageSize: PAGE_SIZE }));
  const customers = list.data?.customers ?? [];
  const totalPages = Math.ceil((list.data?.total ?? 0) / PAGE_SIZE);

  return (
    <div className="page" data-testid="customer-list-page">
      <PageHeader
        title="Clientes"
        description="Quienes compraron en la web o por WhatsApp, Instagram, el local o teléfono, unidos por e-mail o teléfono."
        before={<BackLink to={paths.dashboard}>Volver al dashboard</BackLink>}
      >
        {mayExport && (
          <div className="page-header-actions">
            <ExportButton url="/customers/export.csv" baseName="clientes" what="clientes" />
          </div>
        )}
      </PageHeader>

      <section className="card filters" aria-label="Filtros de clientes">
        <SearchField
          id="customer-search"
          label="Buscar"
          placeholder="Nombre, e-mail o teléfono"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <SelectField
          id="customer-sort"
          label="Ordenar por"
          value={sort}
          onChange={(value) => {
            const next = value as CustomerSort;
            setSort(next);
            setDirection(next === 'name' ? 'asc' : 'desc');
            setPage(1);
          }}
        >
          {CUSTOMER_SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="customer-direction"
          label="Sentido"
          value={direction}
          onChange={(value) => {
            setDirection(value === 'asc' ? 'asc' : 'desc');
            setPage(1);
          }}
        >
          <option value="desc">{sort === 'name' ? 'Z a A' : 'Mayor primero'}</option>
          <option value="asc">{sort === 'name' ? 'A a Z' : 'Menor primero'}</option>
        </SelectField>
      </section>

      <TableCard
        label="Lista de clientes"
        testId="customers-card"
        query={list}
        texts={{
          loading: 'Cargando clientes...',
          failure: 'Error al cargar los clientes',
          emptyTitle: debounced.trim() ? 'Sin resultados' : 'Todavía no hay clientes',
          emptyText: debounced.trim()
            ? 'Ningún cliente coincide con la búsqueda.'
            : 'Aparecerán acá con su primera compra, en la web o tomada por el equipo.',
        }}
        empty={customers.length === 0}
        footer={
          <>
            <p className="muted customers-count" aria-live="polite">
              {list.data ? `${list.data.total.toLocaleString('es-AR')} clientes` : ''}
            </p>
            <Pagination page={page} totalPages={totalPages} onChange={setPage} label="Páginas de clientes" />
          </>
        }
      >
        <DataTable testId="customers-table" caption="Clientes" columns={COLUMNS}>
          {customers.map((c) => (
            <tr key={c.id}>
              <td data-label="Cliente">
                <Link to={paths.customer(c.id)} className="customer-name">
                  {c.name}
                </Link>
              </td>
              <td data-label="Contacto">
                <span className="customer-contact">
                  {c.email && <span>{c.email}</span>}
                  {c.phone && <span>{c.phone}</span>}
                </span>
              </td>
              <td data-label="Órdenes">{c.orders}</td>
              <td data-label="Total gastado">{formatPrice(c.totalSpent)}</td>
              <td data-label="Última compra">{formatDate(c.lastOrderAt)}</td>
              <td data-label="Canales">{c.channels.map((ch) => ORDER_CHANNEL_LABELS[ch]).join(', ')}</td>
            </tr>
          ))}
        </DataTable>
      </TableCard>
    </div>
  );
}
