import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '@/features/auth/auth-provider';

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
}

/** Renders inside router + React Query + auth, like the real app (routes relative to /admin). */
export function renderApp(ui: ReactElement, { route = '/', path = '*' }: { route?: string; path?: string } = {}) {
  const client = testQueryClient();
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <AuthProvider>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="/login" element={<p>Pantalla de login</p>} />
            <Route path="/products" element={<p>Listado de productos</p>} />
            <Route path="/dashboard" element={<p>Dashboard destino</p>} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

export const ADMIN_USER = { id: 1, username: 'jazmin', email: 'admin@jazminlenceria.com.ar', role: 'admin' };

export function signInStorage(user: unknown = ADMIN_USER) {
  window.localStorage.setItem('adminToken', 'test-token');
  window.localStorage.setItem('adminUser', JSON.stringify(user));
}
