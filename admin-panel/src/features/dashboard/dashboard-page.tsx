import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  BarChart3,
  ChevronDown,
  ChevronUp,
  DollarSign,
  Eye,
  Package,
  Plus,
  RotateCcw,
  Settings,
  ShoppingCart,
  type LucideIcon,
} from 'lucide-react';
import { LIMITS, formatPrice, mostViewedCategoryName, mostViewedTitle } from '@shop/shared';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { Banner } from '@/components/feedback';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { StatusBadge } from '@/components/status-badge';
import { categoryLabel, useCategories } from '@/features/content/use-categories';
import { productQueries } from '@/features/products/api/product-queries';
import { orderQueries } from '@/features/orders/api/order-queries';
import { formatDate } from '@/features/orders/format-date';
import { interactionQueries, useResetInteractions } from './api/interactions';

const DASHBOARD_ORDERS = { page: 1, limit: LIMITS.dashboardOrders, status: '', date: '' };

export function DashboardPage() {
  // Each call falls back to empty data when it fails (spec §8).
  const count = useQuery({ ...productQueries.count(), retry: 0 });
  const orders = useQuery({ ...orderQueries.list(DASHBOARD_ORDERS), retry: 0 });
  const interactions = useQuery({ ...interactionQueries.summary(), retry: 0 });
  const viewedProducts = useQuery({ ...interactionQueries.mostViewedProducts(), retry: 0 });
  const viewedCategories = useQuery({ ...interactionQueries.mostViewedCategories(), retry: 0 });
  const { categories } = useCategories();
  const reset = useResetInteractions();
  const notice = useTimedMessage();
  const [confirming, setConfirming] = useState(false);
  const [categoriesOpen, setCategoriesOpen] = useState(true);

  const orderList = orders.data?.orders ?? [];
  const revenue = orderList.filter((o) => o.status === 'paid').reduce((sum, o) => sum + o.total, 0);
  const recent = orderList.slice(0, LIMITS.dashboardRecentOrders);
  const topCategories = (viewedCategories.data ?? []).slice(0, LIMITS.dashboardCategories);
  const maxCategory = Math.max(1, ...topCategories.map((c) => c.count));

  function doReset() {
    reset.mutate(undefined, {
      onSuccess: () => notice.show({ kind: 'success', text: 'Interacciones reseteadas correctamente' }, LIMITS.bannerMs),
      onError: (error) => notice.show({ kind: 'error', text: errorMessage(error, 'Error al resetear interacciones') }),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <div className="page" data-testid="dashboard-page">
      <header className="page-header">
        <div>
          <h1>Dashboard</h1>
          <p className="muted">Resumen de la actividad de la tienda</p>
        </div>
        <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
          <RotateCcw size={16} aria-hidden="true" /> Resetear interacciones
        </button>
      </header>

      {notice.message && (
        <Banner kind={notice.message.kind} onClose={notice.clear}>
          {notice.message.text}
        </Banner>
      )}

      <section className="stat-grid" aria-label="Estadísticas" data-testid="dashboard-stats">
        <StatCard to={paths.products} icon={Package} label="Productos" value={String(count.data ?? 0)} loading={count.isPending} />
        <StatCard
          to={paths.orders}
          icon={ShoppingCart}
          label="Órdenes"
          value={String(orders.data?.totalOrders ?? 0)}
          loading={orders.isPending}
          tone="blue"
        />
        <StatCard
          to={paths.orders}
          icon={DollarSign}
          label="Ingresos (pagadas)"
          value={formatPrice(revenue)}
          loading={orders.isPending}
          tone="green"
        />
        <StatCard
          icon={Eye}
          label="Interacciones"
          value={String(interactions.data?.totalInteractions ?? 0)}
          sub={`${interactions.data?.recentInteractions ?? 0} en las últimas 24 h`}
          loading={interactions.isPending}
          tone="amber"
        />
      </section>

      <div className="dash-grid">
        <section className="card" aria-labelledby="most-viewed-title" data-testid="most-viewed-products">
          <div className="card-header">
            <h2 id="most-viewed-title" className="with-icon">
              <Eye size={18} aria-hidden="true" /> Productos más vistos
            </h2>
          </div>
          {viewedProducts.isPending ? (
            <p className="muted">Cargando...</p>
          ) : (viewedProducts.data ?? []).length === 0 ? (
            <p className="muted">Todavía no hay visitas registradas.</p>
          ) : (
            <ol className="rank-list">
              {(viewedProducts.data ?? []).map((p, i) => (
                <li key={`${p._id ?? p.productId ?? i}`}>
                  <span className="rank">{i + 1}</span>
                  <span className="rank-main">
                    <strong>{mostViewedTitle(p)}</strong>
                    <span className="cell-sub">{categoryLabel(categories, mostViewedCategoryName(p))}</span>
                  </span>
                  <span className="rank-count">
                    {p.count} {p.count === 1 ? 'vista' : 'vistas'}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>

        <section className="card" aria-labelledby="categories-title" data-testid="most-viewed-categories">
          <div className="card-header">
            <h2 id="categories-title" className="with-icon">
              <BarChart3 size={18} aria-hidden="true" /> Categorías más visitadas
            </h2>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => setCategoriesOpen((v) => !v)}
              aria-expanded={categoriesOpen}
              aria-controls="categories-list"
            >
              {categoriesOpen ? <ChevronUp size={16} aria-hidden="true" /> : <ChevronDown size={16} aria-hidden="true" />}
              {categoriesOpen ? 'Contraer' : 'Expandir'}
            </button>
          </div>
          <div id="categories-list" hidden={!categoriesOpen}>
            {viewedCategories.isPending ? (
              <p className="muted">Cargando...</p>
            ) : topCategories.length === 0 ? (
              <p className="muted">Todavía no hay visitas por categoría.</p>
            ) : (
              <ul className="bar-list">
                {topCategories.map((c) => (
                  <li key={c.category}>
                    <span className="bar-label">
                      <span>{categoryLabel(categories, c.category) || 'Sin categoría'}</span>
                      <span className="bar-count">{c.count}</span>
                    </span>
                    <span className="bar" aria-hidden="true">
                      <span style={{ width: `${Math.round((c.count / maxCategory) * 100)}%` }} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>

        <section className="card" aria-labelledby="recent-title" data-testid="recent-orders">
          <div className="card-header">
            <h2 id="recent-title" className="with-icon">
              <ShoppingCart size={18} aria-hidden="true" /> Órdenes recientes
            </h2>
            <Link to={paths.orders} className="btn btn-ghost btn-sm">
              Ver todas
            </Link>
          </div>
          {orders.isPending ? (
            <p className="muted">Cargando...</p>
          ) : recent.length === 0 ? (
            <p className="muted">No hay órdenes todavía.</p>
          ) : (
            <ul className="recent-list">
              {recent.map((o) => (
                <li key={o._id}>
                  <Link to={paths.order(o._id)} className="recent-link">
                    <span className="rank-main">
                      <strong>#{o.orderNumber}</strong>
                      <span className="cell-sub">
                        {o.shippingInfo.fullName} · {formatDate(o.createdAt)}
                      </span>
                    </span>
                    <span className="recent-side">
                      <strong>{formatPrice(o.total)}</strong>
                      <StatusBadge status={o.status} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="card" aria-labelledby="quick-title">
          <h2 id="quick-title" className="card-title">
            Accesos rápidos
          </h2>
          <div className="quick-links">
            <Link to={paths.productNew} className="quick-link">
              <Plus size={18} aria-hidden="true" /> Nuevo producto
            </Link>
            <Link to={paths.orders} className="quick-link">
              <ShoppingCart size={18} aria-hidden="true" /> Ver órdenes
            </Link>
            <Link to={paths.products} className="quick-link">
              <Package size={18} aria-hidden="true" /> Gestionar productos
            </Link>
            <Link to={paths.settings} className="quick-link">
              <Settings size={18} aria-hidden="true" /> Configuración
            </Link>
          </div>
        </section>
      </div>

      {confirming && (
        <ConfirmDialog
          title="Resetear interacciones"
          message="Se borrarán todas las interacciones registradas (vistas de productos y categorías). ¿Querés continuar?"
          confirmLabel="Resetear"
          busyLabel="Reseteando..."
          busy={reset.isPending}
          onConfirm={doReset}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

interface StatCardProps {
  to?: string;
  icon: LucideIcon;
  label: string;
  value: string;
  sub?: string;
  loading: boolean;
  tone?: 'green' | 'blue' | 'amber';
}

function StatCard({ to, icon: Icon, label, value, sub, loading, tone }: StatCardProps) {
  const body = (
    <>
      <span className={`stat-icon${tone ? ` ${tone}` : ''}`} aria-hidden="true">
        <Icon size={22} />
      </span>
      <div>
        <p className="stat-label">{label}</p>
        <p className="stat-value">{loading ? '…' : value}</p>
        {sub && <p className="cell-sub">{sub}</p>}
      </div>
    </>
  );
  return to ? (
    <Link to={to} className="stat-card">
      {body}
    </Link>
  ) : (
    <div className="stat-card">{body}</div>
  );
}
