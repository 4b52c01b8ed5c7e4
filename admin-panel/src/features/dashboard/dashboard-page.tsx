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
  Truck,
  type LucideIcon,
} from 'lucide-react';
import { LIMITS, formatPrice, mostViewedCategoryName, mostViewedTitle } from '@shop/shared';
import { DetailCard } from '@/components/detail-card';
import { paths } from '@/config/paths';
import { errorMessage } from '@shop/client-kit';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { NoticeBanner } from '@/components/notice-banner';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DisclosureButton } from '@/components/disclosure-button';
import { StatusBadge } from '@/components/status-badge';
import { categoryLabel, useCategories } from '@/features/content';
import { productQueries } from '@/features/products';
import { orderQueries, formatDate } from '@/features/orders';
import { ProofsWaitingCard } from '@/features/proofs';
import { WithdrawalsWaitingCard } from '@/features/withdrawals';
import { ReviewsWaitingCard } from '@/features/reviews';
import { DiscountsGivenCard } from '@/features/promotions';
import { interactionQueries, useResetInteractions } from './api/interactions';
import { LowStockCard } from './low-stock-card';
import { MercadoPagoCard } from './mercadopago-card';
import { SalesChartCard } from './sales-chart-card';
import { DashboardPanel, PanelBody, RankItem } from './dashboard-panel';
import { SearchMissesCard } from './search-misses-card';
import { WaitedSizesCard } from './waited-sizes-card';
import { AbandonedStatsCard } from './abandoned-stats-card';
import { revenueSplitText } from './channel-split';

/** The "Accesos rápidos" card, in order. */
const QUICK_LINKS: { to: string; icon: LucideIcon; label: string }[] = [
  { to: paths.productNew, icon: Plus, label: 'Nuevo producto' },
  { to: paths.orders, icon: ShoppingCart, label: 'Ver órdenes' },
  { to: paths.products, icon: Package, label: 'Gestionar productos' },
  { to: paths.settings, icon: Settings, label: 'Configuración' },
];

const DASHBOARD_ORDERS = { page: 1, limit: LIMITS.dashboardOrders, status: '', date: '' };

export function DashboardPage() {
  // Each call falls back to empty data when it fails, so one failing figure does not blank the dashboard.
  const count = useQuery({ ...productQueries.count(), retry: 0 });
  const orders = useQuery({ ...orderQueries.list(DASHBOARD_ORDERS), retry: 0 });
  // Counts and revenue of every order come from the server's summary, not from the page of recent orders.
  const summary = useQuery({ ...orderQueries.summary(), retry: 0 });
  const interactions = useQuery({ ...interactionQueries.summary(), retry: 0 });
  const viewedProducts = useQuery({ ...interactionQueries.mostViewedProducts(), retry: 0 });
  const viewedCategories = useQuery({ ...interactionQueries.mostViewedCategories(), retry: 0 });
  const { categories } = useCategories();
  const reset = useResetInteractions();
  const notice = useTimedMessage();
  const [confirming, setConfirming] = useState(false);
  const [categoriesOpen, setCategoriesOpen] = useState(true);

  const orderList = orders.data?.orders ?? [];
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
      <PageHeader title="Dashboard" description="Resumen de la actividad de la tienda">
        <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
          <RotateCcw size={16} aria-hidden="true" /> Resetear interacciones
        </button>
      </PageHeader>

      <NoticeBanner notice={notice} />

      <section className="stat-grid" aria-label="Estadísticas" data-testid="dashboard-stats">
        <StatCard to={paths.products} icon={Package} label="Productos" value={String(count.data ?? 0)} loading={count.isPending} />
        <StatCard
          to={paths.orders}
          icon={ShoppingCart}
          label="Órdenes"
          value={String(summary.data?.totalOrders ?? orders.data?.totalOrders ?? 0)}
          loading={summary.isPending && orders.isPending}
          tone="blue"
        />
        <StatCard
          to={paths.orders}
          icon={DollarSign}
          label="Ingresos netos (pagadas)"
          value={formatPrice(summary.data?.totalRevenue ?? 0)}
          sub={
            [
              (summary.data?.returnsTotal ?? 0) > 0 ? `Devoluciones −${formatPrice(summary.data?.returnsTotal ?? 0)}` : null,
              revenueSplitText(summary.data?.byChannel),
            ]
              .filter(Boolean)
              .join(' · ') || undefined
          }
          loading={summary.isPending}
          tone="green"
        />
        <StatCard
          to={paths.ordersDispatch}
          icon={Truck}
          label="Por entregar"
          value={String(summary.data?.toDeliver ?? 0)}
          sub="Pagadas y todavía no entregadas"
          loading={summary.isPending}
          tone="blue"
        />
        <StatCard
          icon={Eye}
          label="Interacciones"
          value={String(interactions.data?.totalInteractions ?? 0)}
          sub={`${interactions.data?.recentInteractions ?? 0} en las últimas 24 h`}
          loading={interactions.isPending}
          tone="amber"
        />
        <ProofsWaitingCard />
        <WithdrawalsWaitingCard />
        <ReviewsWaitingCard />
        <MercadoPagoCard summary={summary.data} />
      </section>

      <div className="dash-grid" data-testid="dashboard-insight">
        <SalesChartCard />
        <LowStockCard />
        <DiscountsGivenCard />
      </div>

      <div className="dash-grid" data-testid="dashboard-demand">
        <WaitedSizesCard />
        <AbandonedStatsCard />
        <SearchMissesCard />
      </div>

      <div className="dash-grid">
        <DashboardPanel headingId="most-viewed-title" testId="most-viewed-products" icon={Eye} title="Productos más vistos">
          <PanelBody
            pending={viewedProducts.isPending}
            empty={(viewedProducts.data ?? []).length === 0}
            emptyText="Todavía no hay visitas registradas."
          >
            <ol className="rank-list">
              {(viewedProducts.data ?? []).map((p, i) => (
                <RankItem
                  key={`${p._id ?? p.productId ?? i}`}
                  rank={i + 1}
                  title={mostViewedTitle(p)}
                  sub={categoryLabel(categories, mostViewedCategoryName(p))}
                  count={`${p.count} ${p.count === 1 ? 'vista' : 'vistas'}`}
                />
              ))}
            </ol>
          </PanelBody>
        </DashboardPanel>

        <DashboardPanel
          headingId="categories-title"
          testId="most-viewed-categories"
          icon={BarChart3}
          title="Categorías más visitadas"
          action={
            <DisclosureButton className="btn btn-ghost btn-sm" open={categoriesOpen} setOpen={setCategoriesOpen} controls="categories-list">
              {categoriesOpen ? <ChevronUp size={16} aria-hidden="true" /> : <ChevronDown size={16} aria-hidden="true" />}
              {categoriesOpen ? 'Contraer' : 'Expandir'}
            </DisclosureButton>
          }
        >
          <div id="categories-list" hidden={!categoriesOpen}>
            <PanelBody
              pending={viewedCategories.isPending}
              empty={topCategories.length === 0}
              emptyText="Todavía no hay visitas por categoría."
            >
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
            </PanelBody>
          </div>
        </DashboardPanel>

        <DashboardPanel
          headingId="recent-title"
          testId="recent-orders"
          icon={ShoppingCart}
          title="Órdenes recientes"
          action={
            <Link to={paths.orders} className="btn btn-ghost btn-sm">
              Ver todas
            </Link>
          }
        >
          <PanelBody pending={orders.isPending} empty={recent.length === 0} emptyText="No hay órdenes todavía.">
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
          </PanelBody>
        </DashboardPanel>

        <DetailCard headingId="quick-title" title="Accesos rápidos">
          <div className="quick-links">
            {QUICK_LINKS.map(({ to, icon: Icon, label }) => (
              <Link key={to} to={to} className="quick-link">
                <Icon size={18} aria-hidden="true" /> {label}
              </Link>
            ))}
          </div>
        </DetailCard>
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
