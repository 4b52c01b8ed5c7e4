import type { ReactNode } from 'react';
import { Banknote, CheckCircle2, CreditCard, DollarSign, Landmark, ShoppingBag } from 'lucide-react';
import { formatPrice, type OrderSummary } from '@shop/shared';
import { StatCard } from '@/components/stat-card';
import { StatusBadge } from '@/components/status-badge';
import { breakdownByMethod, completedOrders, type MethodBreakdown } from './order-list-model';

const METHODS = [
  { method: 'cash', title: 'Pagos en efectivo', icon: <Banknote size={20} />, empty: 'No hay órdenes en efectivo' },
  { method: 'transfer', title: 'Pagos por transferencia', icon: <Landmark size={20} />, empty: 'No hay órdenes por transferencia' },
  { method: 'mercadopago', title: 'Pagos con Mercado Pago', icon: <CreditCard size={20} />, empty: 'No hay órdenes con Mercado Pago' },
] as const;

/** The three summary cards and the per-payment-method panels above the orders table. */
export function OrderListSummary({ summary }: { summary: OrderSummary | undefined }) {
  return (
    <>
      <section className="stat-grid stat-grid-3" aria-label="Resumen de órdenes" data-testid="orders-summary">
        <StatCard icon={ShoppingBag} label="Total de órdenes" value={summary?.totalOrders ?? 0} />
        <StatCard icon={DollarSign} label="Ventas netas" value={formatPrice(summary?.totalRevenue ?? 0)} tone="green" />
        <StatCard icon={CheckCircle2} label="Órdenes completadas" value={completedOrders(summary)} tone="blue" />
      </section>

      <section className="method-grid" aria-label="Órdenes por método de pago">
        {METHODS.map(({ method, ...panel }) => (
          <MethodPanel key={method} {...panel} breakdown={breakdownByMethod(summary, method)} testId={`${method}-panel`} />
        ))}
      </section>
    </>
  );
}

interface MethodPanelProps {
  title: string;
  icon: ReactNode;
  breakdown: MethodBreakdown;
  empty: string;
  testId: string;
}

function MethodPanel({ title, icon, breakdown, empty, testId }: MethodPanelProps) {
  return (
    <div className="card method-panel" data-testid={testId}>
      <div className="card-header">
        <h2 className="with-icon">
          <span aria-hidden="true">{icon}</span> {title}
        </h2>
        <span className="method-total">{breakdown.total}</span>
      </div>
      {breakdown.byStatus.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="status-counts">
          {breakdown.byStatus.map(({ status, count }) => (
            <li key={status}>
              <StatusBadge status={status} />
              <span className="count">{count}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
