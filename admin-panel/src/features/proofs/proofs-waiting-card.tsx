import { FileCheck2 } from 'lucide-react';
import { paths } from '@/config/paths';
import { StatCard } from '@/components/stat-card';
import { useProofsWaiting } from './api/proof-queries';

/** Dashboard figure: transfer proofs waiting to be checked, linking to the queue. */
export function ProofsWaitingCard() {
  const { count, pending } = useProofsWaiting();
  return (
    <StatCard
      to={paths.proofs}
      icon={FileCheck2}
      label="Comprobantes por verificar"
      value={String(count ?? 0)}
      sub={count === 0 ? 'Nada pendiente' : 'Transferencias a revisar'}
      loading={pending}
      tone="amber"
    />
  );
}
