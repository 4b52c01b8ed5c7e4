import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import type { StaffPermission } from '@shop/shared';
import { paths } from '@/config/paths';
import { Spinner } from '@/components/feedback';
import { LoginPage, RequireAdmin, RequirePermission } from '@/features/auth';
import { AdminLayout } from '@/features/layout';

// Each screen is its own chunk: signing in does not download the editors.
const DashboardPage = lazy(() => import('@/features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const ProductListPage = lazy(() => import('@/features/products/product-list-page').then((m) => ({ default: m.ProductListPage })));
const ProductFormPage = lazy(() => import('@/features/products/product-form-page').then((m) => ({ default: m.ProductFormPage })));
const StockImportPage = lazy(() => import('@/features/products/stock-import-page').then((m) => ({ default: m.StockImportPage })));
const PurchasesPage = lazy(() => import('@/features/purchases/purchases-page').then((m) => ({ default: m.PurchasesPage })));
const OrderListPage = lazy(() => import('@/features/orders/order-list-page').then((m) => ({ default: m.OrderListPage })));
const OrderDispatchPage = lazy(() => import('@/features/orders/order-dispatch-page').then((m) => ({ default: m.OrderDispatchPage })));
const OrderSlipPage = lazy(() => import('@/features/orders/order-slip-page').then((m) => ({ default: m.OrderSlipPage })));
const OrderDetailPage = lazy(() => import('@/features/orders/order-detail-page').then((m) => ({ default: m.OrderDetailPage })));
const AbandonedPage = lazy(() => import('@/features/abandoned/abandoned-page').then((m) => ({ default: m.AbandonedPage })));
const CustomerListPage = lazy(() => import('@/features/customers/customer-list-page').then((m) => ({ default: m.CustomerListPage })));
const CustomerDetailPage = lazy(() => import('@/features/customers/customer-detail-page').then((m) => ({ default: m.CustomerDetailPage })));
const EmailListPage = lazy(() => import('@/features/emails/email-list-page').then((m) => ({ default: m.EmailListPage })));
const ProofsPage = lazy(() => import('@/features/proofs/proofs-page').then((m) => ({ default: m.ProofsPage })));
const ContentEditorPage = lazy(() => import('@/features/content/content-editor-page').then((m) => ({ default: m.ContentEditorPage })));
const SettingsPage = lazy(() => import('@/features/settings/settings-page').then((m) => ({ default: m.SettingsPage })));
const InvitationPage = lazy(() => import('@/features/team/invitation-page').then((m) => ({ default: m.InvitationPage })));
const TeamPage = lazy(() => import('@/features/team/team-page').then((m) => ({ default: m.TeamPage })));
const PromotionsPage = lazy(() => import('@/features/promotions/promotions-page').then((m) => ({ default: m.PromotionsPage })));
const NewSalePage = lazy(() => import('@/features/sales/new-sale-page').then((m) => ({ default: m.NewSalePage })));
const ReturnsPage = lazy(() => import('@/features/returns/returns-page').then((m) => ({ default: m.ReturnsPage })));
const WithdrawalsPage = lazy(() => import('@/features/withdrawals/withdrawals-page').then((m) => ({ default: m.WithdrawalsPage })));
const ReviewsPage = lazy(() => import('@/features/reviews/reviews-page').then((m) => ({ default: m.ReviewsPage })));
const ReportsPage = lazy(() => import('@/features/reports/reports-page').then((m) => ({ default: m.ReportsPage })));
const CounterPage = lazy(() => import('@/features/counter/counter-page').then((m) => ({ default: m.CounterPage })));
const CounterScreenPage = lazy(() =>
  import('@/features/counter-screen/counter-screen-page').then((m) => ({ default: m.CounterScreenPage })),
);
const MercadoLibrePage = lazy(() => import('@/features/channels/mercadolibre-page').then((m) => ({ default: m.MercadoLibrePage })));
const WhatsappPage = lazy(() => import('@/features/whatsapp/whatsapp-page').then((m) => ({ default: m.WhatsappPage })));
const MessagesPage = lazy(() => import('@/features/whatsapp/messages-page').then((m) => ({ default: m.MessagesPage })));
const ActivityPage = lazy(() => import('@/features/activity/activity-page').then((m) => ({ default: m.ActivityPage })));

function ScreenSuspense() {
  return (
    <Suspense fallback={<Spinner label="Cargando..." />}>
      <Outlet />
    </Suspense>
  );
}

/** A screen of its own behind its permission (docs/security.md §16); without it, a page that says so. */
const guardedScreen = (permission: StaffPermission, path: string, Screen: ComponentType) => (
  <Route element={<RequirePermission permission={permission} />}>
    <Route path={path} element={<Screen />} />
  </Route>
);

/** Routes of the back office, all under the `/admin` basename. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.login} element={<LoginPage />} />
      <Route element={<ScreenSuspense />}>
        <Route path={paths.invitation} element={<InvitationPage />} />
      </Route>
      <Route
        element={
          <RequireAdmin>
            <AdminLayout />
          </RequireAdmin>
        }
      >
        <Route element={<ScreenSuspense />}>
          {/* Each screen needs its permission (docs/security.md §16); without it, a page that says so. */}
          <Route element={<RequirePermission permission="dashboard.view" />}>
            <Route index element={<DashboardPage />} />
            <Route path={paths.dashboard} element={<DashboardPage />} />
          </Route>
          <Route element={<RequirePermission permission="products.manage" />}>
            <Route path={paths.products} element={<ProductListPage />} />
            <Route path={paths.productNew} element={<ProductFormPage />} />
            <Route path={paths.productStock} element={<StockImportPage />} />
            <Route path="/products/edit/:id?" element={<ProductFormPage />} />
          </Route>
          <Route element={<RequirePermission permission="orders.view" />}>
            <Route path={paths.orders} element={<OrderListPage />} />
            <Route path={paths.ordersDispatch} element={<OrderDispatchPage />} />
            <Route path={paths.abandoned} element={<AbandonedPage />} />
            <Route path="/orders/:id" element={<OrderDetailPage />} />
            <Route path="/orders/:id/remito" element={<OrderSlipPage />} />
            <Route path={paths.proofs} element={<ProofsPage />} />
          </Route>
          {guardedScreen('orders.create', paths.newSale, NewSalePage)}
          {guardedScreen('purchases.manage', paths.purchases, PurchasesPage)}
          <Route element={<RequirePermission permission="customers.view" />}>
            <Route path={paths.customers} element={<CustomerListPage />} />
            <Route path="/customers/:id" element={<CustomerDetailPage />} />
          </Route>
          {guardedScreen('counter.use', paths.counter, CounterPage)}
          {guardedScreen('counter.use', paths.counterScreen, CounterScreenPage)}
          {guardedScreen('returns.manage', paths.returns, ReturnsPage)}
          {guardedScreen('returns.manage', paths.withdrawals, WithdrawalsPage)}
          {guardedScreen('emails.manage', paths.emails, EmailListPage)}
          {guardedScreen('content.edit', paths.content, ContentEditorPage)}
          {guardedScreen('reviews.view', paths.reviews, ReviewsPage)}
          {guardedScreen('promotions.manage', paths.promotions, PromotionsPage)}
          {guardedScreen('reports.view', paths.reports, ReportsPage)}
          {guardedScreen('channels.manage', paths.mercadoLibre, MercadoLibrePage)}
          {guardedScreen('whatsapp.manage', paths.whatsapp, WhatsappPage)}
          {guardedScreen('whatsapp.chat', paths.messages, MessagesPage)}
          <Route element={<RequirePermission permission="staff.manage" />}>
            <Route path={paths.team} element={<TeamPage />} />
            <Route path={paths.activity} element={<ActivityPage />} />
          </Route>
          {guardedScreen('account.self', paths.settings, SettingsPage)}
          <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
