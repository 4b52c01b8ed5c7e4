import { Link } from 'react-router-dom';
import { withdrawalStatusLabel, type TrackedOrderDetail } from '@shop/shared';
import { paths } from '@/config/paths';

/** On the tracking card (with the purchase's contact): her botón de arrepentimiento requests and their status. */
export function TrackedWithdrawals({ order }: { order: TrackedOrderDetail }) {
  const withdrawals = order.withdrawals ?? [];
  if (withdrawals.length === 0) return null;
  return (
    <section className="tracking-withdrawals" data-testid="tracking-withdrawals">
      <h3>Arrepentimiento</h3>
      <ul>
        {withdrawals.map((w) => (
          <li key={w.code}>
            Código <strong>{w.code}</strong>: {withdrawalStatusLabel(w.status)}
            {w.withinWindow ? '' : ' (pedido fuera del plazo de 10 días)'}
          </li>
        ))}
      </ul>
      <p className="muted small">
        <Link to={paths.withdrawal}>Botón de arrepentimiento</Link>
      </p>
    </section>
  );
}
