import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath, Route, Routes } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { prefetchCategoryScreen } from '@/features/catalog';
import { HomePage } from '@/features/home';
import { prefetchProductScreen } from '@/features/products';
import { PublicLayout } from './layout/public-layout';

// Home ships in the entry chunk; every other screen is its own chunk.
const loadProductPage = () => import('@/features/products/components/product-page');
const loadCartPage = () => import('@/features/cart/components/cart-page');
const ProductPage = lazy(loadProductPage);
const loadCategoryPage = () => import('@/features/catalog/components/category-page');
const CategoryPage = lazy(loadCategoryPage);
const CartPage = lazy(loadCartPage);
const CheckoutPage = lazy(() => import('@/features/checkout/components/checkout-page'));
const ConfirmationPage = lazy(() => import('@/features/orders/components/confirmation-page'));
const TrackingPage = lazy(() => import('@/features/tracking/components/tracking-page'));

/**
 * The first screen of a visit, when it is a product or a category (a shared link): its chunk, its data and its first
 * picture are all asked for at once, before React renders anything.
 */
export function prefetchFirstScreen(client: QueryClient, pathname: string): void {
  const product = matchPath(paths.productPattern, pathname)?.params.id;
  if (product) {
    void loadProductPage().catch(() => undefined);
    void prefetchProductScreen(client, product);
    return;
  }
  const category = matchPath(paths.categoryPattern, pathname)?.params.category;
  if (category) {
    void loadCategoryPage().catch(() => undefined);
    void prefetchCategoryScreen(client, category);
  }
}

function Page({ children }: { children: ReactNode }) {
  // While a screen's chunk loads, the fallback fills the screen: the footer stays below the fold instead of showing
  // for a moment and then jumping down (a layout shift).
  return (
    <Suspense
      fallback={
        <div className="route-loading">
          <Spinner label="Cargando..." />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

/** Once the first screen is idle, fetch the chunks a shopper most likely opens next (not part of first paint). */
function usePrefetchLikelyRoutes() {
  useEffect(() => {
    const prefetch = () => {
      void loadProductPage().catch(() => undefined);
      void loadCartPage().catch(() => undefined);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(prefetch, { timeout: 4000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(prefetch, 2500);
    return () => window.clearTimeout(timer);
  }, []);
}

export function AppRoutes() {
  usePrefetchLikelyRoutes();
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<HomePage />} />
        <Route
          path={paths.productPattern}
          element={
            <Page>
              <ProductPage />
            </Page>
          }
        />
        <Route
          path={paths.categoryPattern}
          element={
            <Page>
              <CategoryPage />
            </Page>
          }
        />
        <Route
          path={paths.cart}
          element={
            <Page>
              <CartPage />
            </Page>
          }
        />
        <Route
          path={paths.checkout}
          element={
            <Page>
              <CheckoutPage />
            </Page>
          }
        />
        <Route
          path={paths.confirmationPattern}
          element={
            <Page>
              <ConfirmationPage />
            </Page>
          }
        />
        <Route
          path={paths.tracking}
          element={
            <Page>
              <TrackingPage />
            </Page>
          }
        />
        {/* Any unknown path shows the home page. */}
        <Route path="*" element={<HomePage />} />
      </Route>
    </Routes>
  );
}
