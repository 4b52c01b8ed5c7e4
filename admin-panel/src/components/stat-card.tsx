import { Link } from 'react-router-dom';
import type { LucideIcon } from 'lucide-react';

interface StatCardProps {
  to?: string;
  icon: LucideIcon;
  label: string;
  value: string | number;
  sub?: string;
  loading?: boolean;
  tone?: 'green' | 'blue' | 'amber';
}

/** One figure with its icon and label; a link when `to` is given. */
export function StatCard({ to, icon: Icon, label, value, sub, loading = false, tone }: StatCardProps) {
  const body = (
    <>
      <span className={`stat-icon${tone ? ` ${tone}` : ''}`} aria-hidden="true">
        <Icon size={22} />
      </span>
      <div>
        <p className="stat-label">{label}</p>
        <p className="stat-value">{loading ? '…' : value}</p>
        {sub && <p className="cell-sub">{sub}</p>}
      </div>
    </>
  );
  return to ? (
    <Link to={to} className="stat-card">
      {body}
    </Link>
  ) : (
    <div className="stat-card">{body}</div>
  );
}
