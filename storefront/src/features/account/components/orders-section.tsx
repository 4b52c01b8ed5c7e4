import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { accountQueries } from '../api/account-queries';
import { OrderCard } from './order-card';
import { AccountSection, QueryState } from './section-state';

/** "Tus compras": her orders of every channel, newest first, 10 a page. */
export function OrdersSection({ email }: { email: string }) {
  const [page, setPage] = useState(1);
  const query = useQuery({ ...accountQueries.orders(page), placeholderData: keepPreviousData });
  return (
    <AccountSection id="account-orders" title="Tus compras">
      <QueryState query={query} loading="Cargando tus compras...">
        {(answer) =>
          answer.orders.length === 0 ? (
            <p className="muted">Todavía no tenés compras con este e-mail</p>
          ) : (
            <>
              <div className="account-orders">
                {answer.orders.map((order) => (
                  <OrderCard key={order.orderNumber} order={order} email={email} />
                ))}
              </div>
              {answer.totalPages > 1 && (
                <nav className="account-pager" aria-label="Páginas de tus compras">
                  <button type="button" className="btn btn--outline btn--sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    Anterior
                  </button>
                  <span aria-live="polite">
                    Página {answer.page} de {answer.totalPages}
                  </span>
                  <button
                    type="button"
                    className="btn btn--outline btn--sm"
                    disabled={page >= answer.totalPages}
                    onClick={() => setPage(page + 1)}
                  >
                    Siguiente
                  </button>
                </nav>
              )}
            </>
          )
        }
      </QueryState>
    </AccountSection>
  );
}
