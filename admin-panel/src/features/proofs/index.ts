// Public face of the transfer proofs queue: the dashboard card and the sidebar badge. The page is loaded by path from
// app/app-routes.tsx (its own chunk).
export { ProofsWaitingCard } from './proofs-waiting-card';
export { ProofsNavBadge } from './proofs-nav-badge';
