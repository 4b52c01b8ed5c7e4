import { Wallet } from 'lucide-react';
import type { OrderStatus, OrderSummary } from '@shop/shared';
import { paths } from '@/config/paths';
import { StatCard } from '@/components/stat-card';
import { breakdownByMethod } from '@/features/orders';

/**
 * Dashboard figure: the orders paid with Mercado Pago and those still waiting for its payment, from the server's
 * summary. Absent while the shop has no Mercado Pago order (most shops before they switch it on).
 */
export function MercadoPagoCard({ summary }: { summary: OrderSummary | undefined }) {
  const { total, byStatus } = breakdownByMethod(summary, 'mercadopago');
  if (total === 0) return null;
  const count = (status: OrderStatus) => byStatus.find((s) => s.status === status)?.count ?? 0;
  return (
    <StatCard
      to={paths.orders}
      icon={Wallet}
      label="Órdenes con Mercado Pago"
      value={String(total)}
      sub={`${count('paid')} ${count('paid') === 1 ? 'pagada' : 'pagadas'} · ${count('pending_payment')} esperando el pago`}
      tone="blue"
    />
  );
}
