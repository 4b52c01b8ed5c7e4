import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FileSpreadsheet, Plus } from 'lucide-react';
import { LIMITS, type Product } from '@shop/shared';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@shop/client-kit';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { Banner } from '@/components/feedback';
import { DeleteDialog } from '@/components/delete-dialog';
import { DataTable, TableCard } from '@/components/data-table';
import { NoticeBanner } from '@/components/notice-banner';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { SearchField } from '@/components/search-field';
import { SelectField } from '@/components/select-field';
import { categoryLabel, useCategories } from '@/features/content';
import { productQueries } from './api/product-queries';
import type { ProductFilters } from './api/get-products';
import { useDeleteProduct } from './api/delete-product';
import { useToggleProductStatus } from './api/save-product';
import { ProductRow } from './product-row';
import { ExportButton } from '@/components/export-button';

/** What the delete confirmation says about the row to delete (none while nothing is to be deleted). */
const deletion = (product: Product | null) =>
  product ? { title: 'Eliminar producto', confirmLabel: 'Eliminar', subject: `"${product.title}"` } : null;

const TEXTS = {
  loading: 'Cargando productos...',
  emptyTitle: 'No se encontraron productos',
  emptyText: 'Probá con otros filtros o creá un producto nuevo.',
};

export function ProductListPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [status, setStatus] = useState<ProductFilters['status']>('');
  const [page, setPage] = useState(1);
  const searchTerm = useDebouncedValue(search, LIMITS.searchDebounceMs);
  const filters: ProductFilters = { page, searchTerm, category, status };
  const query = useQuery({ ...productQueries.list(filters), placeholderData: keepPreviousData });
  const { categories } = useCategories();
  const notice = useTimedMessage();
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const deleteMutation = useDeleteProduct();
  const toggleMutation = useToggleProductStatus();
  const [togglingId, setTogglingId] = useState<string | null>(null);
  const location = useLocation();

  // A notice handed over by the product form (saved, or failed to load).
  const { show } = notice;
  useEffect(() => {
    const incoming = readNotice(location.state);
    if (incoming) {
      show(incoming, incoming.kind === 'success' ? LIMITS.bannerMs : undefined);
      navigate(location.pathname, { replace: true, state: null });
    }
  }, [location.state, location.pathname, navigate, show]);

  // Typing a new search goes back to the first page once the debounce settles.
  const [lastTerm, setLastTerm] = useState(searchTerm);
  if (lastTerm !== searchTerm) {
    setLastTerm(searchTerm);
    setPage(1);
  }

  const products = query.isError ? [] : (query.data?.payload ?? []);
  const totalPages = query.isError ? 0 : (query.data?.totalPages ?? 0);
  const totalDocs = query.isError ? 0 : (query.data?.totalDocs ?? 0);
  const loadError = query.error instanceof ApiError && !query.error.network ? `Error al cargar productos: ${query.error.message}` : null;

  // A new category or status filter starts again from the first page.
  function filterBy<Value>(setFilter: (value: Value) => void, value: Value) {
    setFilter(value);
    setPage(1);
  }

  function handleEdit(product: Product) {
    if (!product._id) {
      notice.show({ kind: 'error', text: 'Error: ID de producto inválido' });
      return;
    }
    navigate(paths.productEdit(product._id));
  }

  function handleToggle(product: Product) {
    setTogglingId(product._id);
    toggleMutation.mutate(
      { id: product._id, status: !product.status },
      {
        onError: () => notice.show({ kind: 'error', text: 'Error al cambiar el estado del producto.' }),
        onSettled: () => setTogglingId(null),
      },
    );
  }

  const closeDelete = () => setToDelete(null);

  function confirmDelete() {
    if (!toDelete) return;
    const target = toDelete;
    deleteMutation.mutate(target._id, {
      onSuccess: () => notice.show({ kind: 'success', text: 'Producto eliminado exitosamente.' }, LIMITS.bannerMs),
      onError: (error) => {
        const message = errorMessage(error);
        if (message.includes('órdenes activas')) {
          notice.show({ kind: 'error', text: `No se puede eliminar "${target.title}" porque tiene órdenes activas.` });
        } else if (message.toLowerCase().includes('no encontrado')) {
          notice.show({
            kind: 'warning',
            text: 'El producto no fue encontrado: es posible que ya haya sido eliminado. Se actualizó la lista.',
          });
        } else {
          notice.show({ kind: 'error', text: `Error al eliminar el producto: ${message}` });
        }
      },
      onSettled: closeDelete,
    });
  }

  return (
    <div className="page" data-testid="product-list-page">
      <PageHeader title="Productos" description={totalDocs > 0 ? `${totalDocs} productos en total` : 'Gestioná el catálogo de la tienda'}>
        <div className="page-header-actions">
          <ExportButton url="/products/export.csv" baseName="productos" what="productos" />
          <Link to={paths.productStock} className="btn btn-secondary">
            <FileSpreadsheet size={18} aria-hidden="true" /> Actualizar stock desde planilla
          </Link>
          <Link to={paths.productNew} className="btn btn-primary">
            <Plus size={18} aria-hidden="true" /> Nuevo Producto
          </Link>
        </div>
      </PageHeader>

      <NoticeBanner notice={notice} />
      {loadError && <Banner kind="error">{loadError}</Banner>}

      <section className="card filters" aria-label="Filtros de productos">
        <SearchField id="product-search" label="Buscar" placeholder="Buscar por título..." value={search} onChange={setSearch} />
        <SelectField id="product-category" label="Categoría" value={category} onChange={(value) => filterBy(setCategory, value)}>
          <option value="">Todas las categorías</option>
          {categories.map((c) => (
            <option key={c.name} value={c.name}>
              {c.display_name || c.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="product-status"
          label="Estado"
          value={status}
          onChange={(value) => filterBy(setStatus, value === 'true' || value === 'false' ? value : '')}
        >
          <option value="">Todos</option>
          <option value="true">Activos</option>
          <option value="false">Inactivos</option>
        </SelectField>
      </section>

      <TableCard
        query={query}
        texts={TEXTS}
        empty={products.length === 0}
        showError={!loadError}
        footer={<Pagination page={page} totalPages={totalPages} onChange={setPage} label="Paginación de productos" />}
      >
        <DataTable
          testId="products-table"
          caption="Listado de productos"
          columns={['Producto', 'Categoría', 'Precio', 'Stock', 'Estado', <span className="visually-hidden">Acciones</span>]}
        >
          {products.map((product) => (
            <ProductRow
              key={product._id}
              product={product}
              categoryName={categoryLabel(categories, product.category)}
              toggling={togglingId === product._id}
              onToggle={() => handleToggle(product)}
              onEdit={() => handleEdit(product)}
              onDelete={() => setToDelete(product)}
            />
          ))}
        </DataTable>
      </TableCard>

      <DeleteDialog what={deletion(toDelete)} busy={deleteMutation.isPending} onConfirm={confirmDelete} onCancel={closeDelete} />
    </div>
  );
}

function readNotice(state: unknown): { kind: 'success' | 'error'; text: string } | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  const notice: unknown = state.notice;
  if (typeof notice !== 'object' || notice === null || !('kind' in notice) || !('text' in notice)) return null;
  const { kind, text } = notice;
  if ((kind === 'success' || kind === 'error') && typeof text === 'string') return { kind, text };
  return null;
}
