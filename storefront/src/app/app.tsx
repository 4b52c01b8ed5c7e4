import { useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { LIMITS } from '@shop/shared';
import { createQueryClient, retryNetworkFailureOnce } from '@shop/client-kit';
import { BrowserRouter } from 'react-router-dom';
import { ToastProvider } from '@/components/toast';
import { ROUTER_FUTURE } from '@/config/router';
import { CartProvider } from '@/features/cart';
import { cartProductQuery } from '@/features/products';
import { AppRoutes, prefetchFirstScreen } from './routes';

// Do not hammer a rate-limited or answering server; retry only once for network trouble.
const newQueryClient = () => createQueryClient({ gcTime: LIMITS.cacheMs * 2, retry: retryNetworkFailureOnce });

/** How long the first render waits at most for the first screen's chunk (it normally arrives with the entry). */
const FIRST_SCREEN_WAIT_MS = 2500;

/**
 * The shop's query client with the first screen of the visit already asked for (see prefetchFirstScreen), and a
 * promise that resolves when that screen can be drawn complete.
 */
export function startShop(pathname: string): { queryClient: QueryClient; firstScreen: Promise<void> } {
  const queryClient = newQueryClient();
  // A chunk stuck on a bad connection must not leave the page blank: after this long the app renders anyway, with
  // the screen's loading state, as it would without the head start.
  const atMost = new Promise<void>((resolve) => window.setTimeout(resolve, FIRST_SCREEN_WAIT_MS));
  return { queryClient, firstScreen: Promise.race([prefetchFirstScreen(queryClient, pathname), atMost]) };
}

export function App({ client }: { client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? newQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <CartProvider productQuery={cartProductQuery}>
        <ToastProvider>
          <BrowserRouter future={ROUTER_FUTURE}>
            <AppRoutes />
          </BrowserRouter>
        </ToastProvider>
      </CartProvider>
    </QueryClientProvider>
  );
}
