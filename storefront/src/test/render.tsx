import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastProvider } from '@/components/toast';
import { ROUTER_FUTURE } from '@/config/router';
import { CartProvider } from '@/features/cart';
import { cartProductQuery } from '@/features/products';

export function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location">
      {location.pathname}
      {location.search}
    </output>
  );
}

interface Options {
  route?: string;
  path?: string;
  state?: unknown;
}

/** Renders a screen with the app's providers, a fresh query cache (no retries) and a memory router. */
export function renderWithApp(ui: ReactElement, { route = '/', path = '*', state }: Options = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 }, mutations: { retry: false } } });
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <CartProvider productQuery={cartProductQuery}>
          <ToastProvider>
            <MemoryRouter
              future={ROUTER_FUTURE}
              initialEntries={[{ pathname: route.split('?')[0], search: route.includes('?') ? `?${route.split('?')[1]}` : '', state }]}
            >
              <Routes>
                <Route path={path} element={ui} />
                {path !== '*' && <Route path="*" element={<p data-testid="elsewhere">otra pantalla</p>} />}
              </Routes>
              <LocationProbe />
            </MemoryRouter>
          </ToastProvider>
        </CartProvider>
      </QueryClientProvider>,
    ),
  };
}
