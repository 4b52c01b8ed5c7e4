import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOrders, orderQueries } from '@/features/orders';

export const PROOF_STATUS = 'pending_transfer_confirmation';
/** The queue shows up to this many proofs, the oldest first (the server's page limit). */
export const QUEUE_SIZE = 100;

export const proofQueries = {
  /** Under the orders key: any order change (approve, reject, elsewhere) refreshes the queue. */
  queue: () =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'proofs-queue'] as const,
      queryFn: () => getOrders({ page: 1, limit: QUEUE_SIZE, status: PROOF_STATUS, date: '', sort: 'createdAt:asc' }),
    }),
};

/** How many transfer proofs wait, from the order summary (per status and payment method); undefined while loading. */
export function useProofsWaiting(): { count: number | undefined; pending: boolean } {
  const summary = useQuery({ ...orderQueries.summary(), retry: 0 });
  const row = summary.data?.summaryByStatusAndPaymentMethod[PROOF_STATUS];
  const count = summary.data ? (row ? row.cash + row.transfer : 0) : undefined;
  return { count, pending: summary.isPending };
}
