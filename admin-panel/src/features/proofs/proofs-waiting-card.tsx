import { FileCheck2 } from 'lucide-react';
import { paths } from '@/config/paths';
import { WaitingCard } from '@/components/waiting-card';
import { useProofsWaiting } from './api/proof-queries';

/** Dashboard figure: transfer proofs waiting to be checked, linking to the queue. */
export function ProofsWaitingCard() {
  const { count, pending } = useProofsWaiting();
  const label = 'Comprobantes por verificar';
  return (
    <WaitingCard to={paths.proofs} icon={FileCheck2} label={label} count={count} loading={pending} waiting="Transferencias a revisar" />
  );
}
