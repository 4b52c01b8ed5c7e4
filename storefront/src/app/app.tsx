import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { LIMITS } from '@shop/shared';
import { createQueryClient, retryNetworkFailureOnce } from '@shop/client-kit';
import { BrowserRouter } from 'react-router-dom';
import { ToastProvider } from '@/components/toast';
import { CartProvider } from '@/features/cart';
import { cartProductQuery } from '@/features/products';
import { AppRoutes, prefetchFirstScreen } from './routes';

// Do not hammer a rate-limited or answering server; retry only once for network trouble.
const newQueryClient = () => {
  const client = createQueryClient({ gcTime: LIMITS.cacheMs * 2, retry: retryNetworkFailureOnce });
  prefetchFirstScreen(client, window.location.pathname);
  return client;
};

export function App() {
  const [queryClient] = useState(newQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <CartProvider productQuery={cartProductQuery}>
        <ToastProvider>
          <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
            <AppRoutes />
          </BrowserRouter>
        </ToastProvider>
      </CartProvider>
    </QueryClientProvider>
  );
}
