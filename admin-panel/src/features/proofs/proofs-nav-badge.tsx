import { useProofsWaiting } from './api/proof-queries';

/** The sidebar's count of proofs waiting; nothing when none wait (or while it loads). */
export function ProofsNavBadge() {
  const { count } = useProofsWaiting();
  if (!count) return null;
  return (
    <span className="nav-badge" data-testid="proofs-nav-badge">
      {count > 99 ? '99+' : count}
      <span className="visually-hidden"> por verificar</span>
    </span>
  );
}
