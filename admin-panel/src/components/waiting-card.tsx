import type { LucideIcon } from 'lucide-react';
import { StatCard } from './stat-card';

interface WaitingCardProps {
  /** The queue the work waits in. */
  to: string;
  icon: LucideIcon;
  label: string;
  /** How many wait; undefined when not known (read as 0, told as waiting). */
  count: number | undefined;
  loading: boolean;
  /** The line under the figure while something waits: 'Transferencias a revisar'. */
  waiting: string;
}

/** A dashboard figure of work waiting for the shop (amber), linking to its queue; 'Nada pendiente' when none waits. */
export function WaitingCard({ to, icon, label, count, loading, waiting }: WaitingCardProps) {
  return (
    <StatCard
      to={to}
      icon={icon}
      label={label}
      value={String(count ?? 0)}
      sub={count === 0 ? 'Nada pendiente' : waiting}
      loading={loading}
      tone="amber"
    />
  );
}
