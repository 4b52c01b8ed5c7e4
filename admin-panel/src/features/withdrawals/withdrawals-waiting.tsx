import { useQuery } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { paths } from '@/config/paths';
import { WaitingCard } from '@/components/waiting-card';
import { usePermission } from '@/features/auth';
import { withdrawalQueries } from './withdrawal-queries';

/** How many withdrawal requests still wait for the shop (returns.manage only; undefined while loading or not allowed). */
function useWithdrawalsWaiting(): { allowed: boolean; open: number | undefined; pending: boolean } {
  const allowed = usePermission('returns.manage');
  const list = useQuery({ ...withdrawalQueries.list(''), enabled: allowed, retry: 0 });
  return { allowed, open: list.data?.open, pending: list.isPending };
}

/** Dashboard figure: botón de arrepentimiento requests waiting for the shop, linking to 'Arrepentimientos'. */
export function WithdrawalsWaitingCard() {
  const { allowed, open, pending } = useWithdrawalsWaiting();
  if (!allowed) return null;
  const waiting = 'La ley da 10 días: atendelos primero';
  return (
    <WaitingCard
      to={paths.withdrawals}
      icon={Undo2}
      label="Arrepentimientos por atender"
      count={open ?? 0}
      loading={pending}
      waiting={waiting}
    />
  );
}

/** The sidebar's count of withdrawal requests waiting; nothing when none wait (or while it loads). */
export function WithdrawalsNavBadge() {
  const { open } = useWithdrawalsWaiting();
  if (!open) return null;
  return (
    <span className="nav-badge" data-testid="withdrawals-nav-badge">
      {open > 99 ? '99+' : open}
      <span className="visually-hidden"> por atender</span>
    </span>
  );
}
