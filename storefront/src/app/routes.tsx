import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath, Route, Routes } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { prefetchCategoryScreen } from '@/features/catalog';
import { contentQueries } from '@/features/content';
import { HomePage } from '@/features/home';
import { prefetchProductScreen } from '@/features/products';
import { categoryFirstPageParams, pageAnswerKey } from '@shop/shared/page-answers';
import { pageCarriesAnswers } from '@/lib/early-requests';
import { whenIdle } from '@/lib/when-idle';
import { PublicLayout } from './layout/public-layout';

/**
 * A screen in a chunk of its own. Until its chunk has loaded it renders through React.lazy (the loading fallback
 * shows); once loaded, directly. So the first screen of a visit, whose chunk is loaded before React first renders
 * (firstScreenReady), is drawn at once instead of a spinner first and the screen a moment later.
 */
function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function Screen() {
    // Chosen once per mount: switching type later would remount the screen and lose what the shopper chose.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return { Screen, preload };
}

// Home ships in the entry chunk; every other screen is its own chunk.
const productScreen = lazyScreen(() => import('@/features/products/components/product-page'));
const categoryScreen = lazyScreen(() => import('@/features/catalog/components/category-page'));
const cartScreen = lazyScreen(() => import('@/features/cart/components/cart-page'));
const ProductPage = productScreen.Screen;
const CategoryPage = categoryScreen.Screen;
const CartPage = cartScreen.Screen;
const CheckoutPage = lazy(() => import('@/features/checkout/components/checkout-page'));
const ConfirmationPage = lazy(() => import('@/features/orders/components/confirmation-page'));
const TrackingPage = lazy(() => import('@/features/tracking/components/tracking-page'));
const SearchPage = lazy(() => import('@/features/search/components/search-page'));
const UnsubscribePage = lazy(() => import('@/features/alerts/components/unsubscribe-page'));
const ReturnsPolicyPage = lazy(() => import('@/features/returns/components/returns-policy-page'));
const TermsPage = lazy(() => import('@/features/legal/components/legal-text-page').then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() => import('@/features/legal/components/legal-text-page').then((m) => ({ default: m.PrivacyPage })));
const WithdrawalPage = lazy(() => import('@/features/withdrawals/components/withdrawal-page'));
const RecoveryPage = lazy(() => import('@/features/checkout/components/recovery-page'));
const CheckoutUnsubscribePage = lazy(() => import('@/features/checkout/components/unsubscribe-page'));
const ReviewInvitationPage = lazy(() => import('@/features/reviews/components/invitation-page'));
const ReviewUnsubscribePage = lazy(() => import('@/features/reviews/components/unsubscribe-page'));
const AccountPage = lazy(() => import('@/features/account/components/account-page'));

const settled = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    () => undefined,
  );

/** The path with each segment decoded as the router decodes it (`/category/Ropa%20interior` → `Ropa interior`). */
function decodedPath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');
}

/**
 * The first screen of a visit, when it is a product or a category (a shared link): its chunk, its data and its first
 * picture are all asked for at once, before React renders anything. Resolves (never rejects) when React can draw that
 * screen complete: its chunk has loaded and, when the page carries this screen's answers (no network wait), they are
 * in the query cache. Otherwise the data is not waited for: the screen shows its loading state while it arrives. A
 * failure is left to the screen, which shows its own error.
 */
export function prefetchFirstScreen(client: QueryClient, pathname: string): Promise<void> {
  const path = decodedPath(pathname);
  const product = matchPath(paths.productPattern, path)?.params.id;
  const category = product ? undefined : matchPath(paths.categoryPattern, path)?.params.category;
  if (!product && !category) return Promise.resolve();
  const screenKey = product
    ? pageAnswerKey(`/products/${encodeURIComponent(product)}`)
    : pageAnswerKey('/products', categoryFirstPageParams(category ?? ''));
  // Asked before the prefetch below takes the answers.
  const carried = pageCarriesAnswers([screenKey, pageAnswerKey('/content')]);
  const chunk = settled(product ? productScreen.preload() : categoryScreen.preload());
  const data = settled(
    Promise.all([
      product ? prefetchProductScreen(client, product) : prefetchCategoryScreen(client, category ?? ''),
      client.prefetchQuery(contentQueries.site()),
    ]),
  );
  return carried ? Promise.all([chunk, data]).then(() => undefined) : chunk;
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
      void settled(productScreen.preload());
      void settled(cartScreen.preload());
    };
    return whenIdle(prefetch, { timeout: 4000, fallbackDelay: 2500 });
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
        <Route
          path={paths.searchPattern}
          element={
            <Page>
              <SearchPage />
            </Page>
          }
        />
        <Route
          path={paths.stockAlertUnsubscribe}
          element={
            <Page>
              <UnsubscribePage />
            </Page>
          }
        />
        <Route
          path={paths.returnsPolicy}
          element={
            <Page>
              <ReturnsPolicyPage />
            </Page>
          }
        />
        <Route
          path={paths.terms}
          element={
            <Page>
              <TermsPage />
            </Page>
          }
        />
        <Route
          path={paths.privacy}
          element={
            <Page>
              <PrivacyPage />
            </Page>
          }
        />
        <Route
          path={paths.withdrawal}
          element={
            <Page>
              <WithdrawalPage />
            </Page>
          }
        />
        <Route
          path={paths.checkoutRecoveryPattern}
          element={
            <Page>
              <RecoveryPage />
            </Page>
          }
        />
        <Route
          path={paths.checkoutUnsubscribe}
          element={
            <Page>
              <CheckoutUnsubscribePage />
            </Page>
          }
        />
        <Route
          path={paths.reviewInvitationPattern}
          element={
            <Page>
              <ReviewInvitationPage />
            </Page>
          }
        />
        <Route
          path={paths.reviewUnsubscribe}
          element={
            <Page>
              <ReviewUnsubscribePage />
            </Page>
          }
        />
        <Route
          path={paths.account}
          element={
            <Page>
              <AccountPage />
            </Page>
          }
        />
        {/* Any unknown path shows the home page. */}
        <Route path="*" element={<HomePage />} />
      </Route>
    </Routes>
  );
}
