import { ErrorNotice } from '@/components/form-parts';
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountAlert } from '@shop/shared';
import { paths } from '@/config/paths';
import { useBusyAction } from '@/lib/use-busy-action';
import { removeAlert } from '../api/account-api';
import { accountQueries } from '../api/account-queries';
import { AccountSection, QueryState, RemoveButton } from './section-state';

const alertDetail = (alert: AccountAlert) => [`Talle ${alert.size}`, alert.color].filter(Boolean).join(' · ');

/** "Tus avisos": the sizes she asked to be told about ('Avisame'), each with "Quitar". */
export function AlertsSection() {
  const queryClient = useQueryClient();
  const query = useQuery(accountQueries.alerts());
  const { busy, error, run } = useBusyAction();
  const remove = (id: number) => run(async () => void queryClient.setQueryData(accountQueries.alerts().queryKey, await removeAlert(id)));

  return (
    <AccountSection id="account-alerts" title="Tus avisos">
      <QueryState query={query} loading="Cargando tus avisos...">
        {(alerts) =>
          alerts.length === 0 ? (
            <p className="muted">No tenés avisos pendientes. Con «Avisame» en un talle agotado te escribimos cuando vuelve.</p>
          ) : (
            <ul className="account-list">
              {alerts.map((alert) => (
                <li key={alert.id} className="account-list__item" data-testid="account-alert">
                  <div>
                    {alert.slug || alert.productId ? (
                      <Link to={paths.product(alert.productId)}>{alert.productTitle}</Link>
                    ) : (
                      <strong>{alert.productTitle}</strong>
                    )}
                    <p className="muted small">{alertDetail(alert)}</p>
                  </div>
                  <RemoveButton
                    label={`Quitar el aviso de ${alert.productTitle}, ${alertDetail(alert)}`}
                    busy={busy}
                    onClick={() => void remove(alert.id)}
                  />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <ErrorNotice error={error} />
    </AccountSection>
  );
}
