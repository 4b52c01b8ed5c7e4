import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LoginPage } from '@/features/auth/login-page';
import { RequireAdmin } from '@/features/auth/require-admin';
import { AdminLayout } from '@/features/layout/admin-layout';
import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { ProductListPage } from '@/features/products/product-list-page';
import { ProductFormPage } from '@/features/products/product-form-page';
import { OrderListPage } from '@/features/orders/order-list-page';
import { OrderDetailPage } from '@/features/orders/order-detail-page';
import { ContentEditorPage } from '@/features/content/content-editor-page';
import { SettingsPage } from '@/features/settings/settings-page';

/** Routes under the `/admin` basename (spec §2.1). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.login} element={<LoginPage />} />
      <Route
        element={
          <RequireAdmin>
            <AdminLayout />
          </RequireAdmin>
        }
      >
        <Route index element={<DashboardPage />} />
        <Route path={paths.dashboard} element={<DashboardPage />} />
        <Route path={paths.products} element={<ProductListPage />} />
        <Route path={paths.productNew} element={<ProductFormPage />} />
        <Route path="/products/edit/:id?" element={<ProductFormPage />} />
        <Route path={paths.orders} element={<OrderListPage />} />
        <Route path="/orders/:id" element={<OrderDetailPage />} />
        <Route path={paths.content} element={<ContentEditorPage />} />
        <Route path={paths.settings} element={<SettingsPage />} />
        <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
      </Route>
    </Routes>
  );
}
