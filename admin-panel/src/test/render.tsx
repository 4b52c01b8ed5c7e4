import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ApiUser } from '@shop/shared';
import { ROUTER_FUTURE } from '@/config/router';
import { AuthProvider, toSessionUser } from '@/features/auth';

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
}

/** Renders inside router + React Query + auth, like the real app (routes relative to /admin). */
export function renderApp(ui: ReactElement, { route = '/', path = '*' }: { route?: string; path?: string } = {}) {
  const client = testQueryClient();
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]} future={ROUTER_FUTURE}>
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

/** The staff account as the server answers it (`/auth/check`, `/auth/login`). */
export const ADMIN_USER: ApiUser = {
  id: 1,
  documentId: 'u-admin-1',
  username: 'jazmin',
  email: 'admin@jazminlenceria.com.ar',
  role: 'admin',
  name: 'jazmin',
};

/** A signed-in back office: the token and the user as the panel stores them. */
export function signInStorage(user: ApiUser = ADMIN_USER) {
  window.localStorage.setItem('adminToken', 'test-token');
  window.localStorage.setItem('adminUser', JSON.stringify(toSessionUser(user)));
}
