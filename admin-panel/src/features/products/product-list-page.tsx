import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ExternalLink, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { LIMITS, finalPrice, formatPrice, soldOutSizes, type Product } from '@shop/shared';
import { paths, storefrontPaths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { Banner, EmptyState, ErrorState, Spinner } from '@/components/feedback';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Pagination } from '@/components/pagination';
import { Thumb } from '@/components/thumb';
import { categoryLabel, useCategories } from '@/features/content/use-categories';
import { productQueries } from './api/product-queries';
import type { ProductFilters } from './api/get-products';
import { useDeleteProduct } from './api/delete-product';
import { useToggleProductStatus } from './api/save-product';

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
      onSettled: () => setToDelete(null),
    });
  }

  return (
    <div className="page" data-testid="product-list-page">
      <header className="page-header">
        <div>
          <h1>Productos</h1>
          <p className="muted">{totalDocs > 0 ? `${totalDocs} productos en total` : 'Gestioná el catálogo de la tienda'}</p>
        </div>
        <Link to={paths.productNew} className="btn btn-primary">
          <Plus size={18} aria-hidden="true" /> Nuevo Producto
        </Link>
      </header>

      {notice.message && (
        <Banner kind={notice.message.kind} onClose={notice.clear}>
          {notice.message.text}
        </Banner>
      )}
      {loadError && <Banner kind="error">{loadError}</Banner>}

      <section className="card filters" aria-label="Filtros de productos">
        <div className="field field-grow">
          <label htmlFor="product-search">Buscar</label>
          <div className="input-icon">
            <Search size={16} aria-hidden="true" />
            <input
              id="product-search"
              type="search"
              placeholder="Buscar por título..."
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor="product-category">Categoría</label>
          <select
            id="product-category"
            value={category}
            onChange={(e) => {
              setCategory(e.target.value);
              setPage(1);
            }}
          >
            <option value="">Todas las categorías</option>
            {categories.map((c) => (
              <option key={c.name} value={c.name}>
                {c.display_name || c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="product-status">Estado</label>
          <select
            id="product-status"
            value={status}
            onChange={(e) => {
              const value = e.target.value;
              setStatus(value === 'true' || value === 'false' ? value : '');
              setPage(1);
            }}
          >
            <option value="">Todos</option>
            <option value="true">Activos</option>
            <option value="false">Inactivos</option>
          </select>
        </div>
      </section>

      <section className="card table-card" aria-busy={query.isFetching}>
        {query.isPending ? (
          <Spinner label="Cargando productos..." />
        ) : query.isError && !loadError ? (
          <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : products.length === 0 ? (
          <EmptyState title="No se encontraron productos">
            <p className="muted">Probá con otros filtros o creá un producto nuevo.</p>
          </EmptyState>
        ) : (
          <div className="table-scroll">
            <table className="table responsive" data-testid="products-table">
              <caption className="visually-hidden">Listado de productos</caption>
              <thead>
                <tr>
                  <th scope="col">Producto</th>
                  <th scope="col">Categoría</th>
                  <th scope="col">Precio</th>
                  <th scope="col">Stock</th>
                  <th scope="col">Estado</th>
                  <th scope="col">
                    <span className="visually-hidden">Acciones</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {products.map((product) => (
                  <tr key={product._id} data-testid="product-row">
                    <td className="cell-main">
                      <div className="product-cell">
                        <Thumb src={product.thumbnails[0]} />
                        <span className="product-title">{product.title}</span>
                      </div>
                    </td>
                    <td data-label="Categoría">{categoryLabel(categories, product.category)}</td>
                    <td data-label="Precio" className="nowrap">
                      <span className="price-cell">
                        <strong>{formatPrice(finalPrice(product.price, product.discount))}</strong>
                        {product.discount > 0 && (
                          <span className="price-original">
                            <s>{formatPrice(product.price)}</s> <span className="discount">-{product.discount}%</span>
                          </span>
                        )}
                      </span>
                    </td>
                    <td data-label="Stock">
                      {product.stock}
                      {soldOutSizes(product).length > 0 && (
                        <span className="stock-out" data-testid="sizes-out">
                          Agotado: {soldOutSizes(product).join(', ')}
                        </span>
                      )}
                    </td>
                    <td data-label="Estado">
                      <button
                        type="button"
                        className={`toggle-pill ${product.status ? 'on' : 'off'}`}
                        onClick={() => handleToggle(product)}
                        disabled={togglingId === product._id}
                        aria-pressed={product.status}
                        aria-label={`${product.status ? 'Desactivar' : 'Activar'} ${product.title}`}
                      >
                        {product.status ? 'Activo' : 'Inactivo'}
                      </button>
                    </td>
                    <td data-label="Acciones">
                      <div className="row-actions">
                        <a
                          href={storefrontPaths.product(product._id)}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="icon-button"
                          aria-label={`Ver ${product.title} en la tienda (nueva pestaña)`}
                          title="Ver en la tienda"
                        >
                          <ExternalLink size={18} aria-hidden="true" />
                        </a>
                        <button
                          type="button"
                          className="icon-button"
                          onClick={() => handleEdit(product)}
                          aria-label={`Editar ${product.title}`}
                          title="Editar"
                        >
                          <Pencil size={18} aria-hidden="true" />
                        </button>
                        <button
                          type="button"
                          className="icon-button danger"
                          onClick={() => setToDelete(product)}
                          aria-label={`Eliminar ${product.title}`}
                          title="Eliminar"
                        >
                          <Trash2 size={18} aria-hidden="true" />
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination page={page} totalPages={totalPages} onChange={setPage} label="Paginación de productos" />
      </section>

      {toDelete && (
        <ConfirmDialog
          title="Eliminar producto"
          message={`¿Seguro que querés eliminar "${toDelete.title}"? Esta acción no se puede deshacer.`}
          confirmLabel="Eliminar"
          busyLabel="Eliminando..."
          busy={deleteMutation.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setToDelete(null)}
        />
      )}
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
