import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@shop/client-kit';
import type { Order } from '@shop/shared';
import { EmptyState, Loaded } from '@/components/feedback';
import { PageHeader } from '@/components/page-header';
import { contentQueries } from '@/features/content';
import { useUpdateOrderStatus, WhatsappLink } from '@/features/orders';
import { proofQueries, QUEUE_SIZE } from './api/proof-queries';
import { ProofCard } from './proof-card';
import { RejectDialog } from './reject-dialog';
import { useQueueKeys } from './use-queue-keys';

/** What happened last, announced to screen readers and kept on screen (with the chat link for the shopper). */
interface Outcome {
  kind: 'approved' | 'rejected' | 'error';
  text: string;
  order?: Order;
  reason?: string;
}

export function ProofsPage() {
  const queue = useQuery({ ...proofQueries.queue(), staleTime: 0 });
  const content = useQuery({ ...contentQueries.site(), retry: 0 });
  const update = useUpdateOrderStatus();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<Order | null>(null);
  const [rejectError, setRejectError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const cards = useRef(new Map<string, HTMLElement>());
  const focusNext = useRef(false);

  const orders = queue.data?.orders ?? [];
  const index = Math.max(
    0,
    orders.findIndex((o) => o._id === selectedId),
  );
  const current = orders[index];

  // After a move (or once the handled order leaves the list) the selected card takes the focus.
  useEffect(() => {
    if (!focusNext.current || !current) return;
    focusNext.current = false;
    const card = cards.current.get(current._id);
    card?.focus();
    card?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);

  function select(order: Order | undefined, focus: boolean) {
    if (!order) return;
    focusNext.current = focus;
    setSelectedId(order._id);
  }

  /** The order that takes the place of a handled one: the next, or the previous at the end of the list. */
  function afterHandled(order: Order) {
    const at = orders.findIndex((o) => o._id === order._id);
    select(orders[at + 1] ?? orders[at - 1], true);
  }

  function approve(order: Order | undefined) {
    if (!order || update.isPending) return;
    update.mutate(
      { id: order._id, status: 'paid' },
      {
        onSuccess: (saved) => {
          afterHandled(order);
          setOutcome({ kind: 'approved', text: `Orden #${order.orderNumber} aprobada: quedó como pagada.`, order: saved });
        },
        onError: (error) => setOutcome({ kind: 'error', text: errorMessage(error, `No se pudo aprobar la orden #${order.orderNumber}`) }),
      },
    );
  }

  function reject(order: Order, reason: string) {
    setRejectError(null);
    update.mutate(
      { id: order._id, status: 'pending_transfer_proof', reason },
      {
        onSuccess: (saved) => {
          setRejecting(null);
          afterHandled(order);
          setOutcome({
            kind: 'rejected',
            text: `Comprobante de la orden #${order.orderNumber} rechazado: la orden vuelve a esperar el comprobante.`,
            order: saved,
            reason,
          });
        },
        onError: (error) => setRejectError(errorMessage(error, 'No se pudo rechazar el comprobante')),
      },
    );
  }

  function openReject(order: Order | undefined) {
    if (!order || update.isPending) return;
    setRejectError(null);
    setRejecting(order);
  }

  useQueueKeys(rejecting === null && orders.length > 0, {
    move: (delta) => select(orders[Math.min(orders.length - 1, Math.max(0, index + delta))], true),
    approve: () => approve(current),
    reject: () => openReject(current),
  });

  const total = queue.data?.totalOrders ?? 0;
  return (
    <div className="page" data-testid="proofs-page">
      <PageHeader
        title="Comprobantes por verificar"
        description="Transferencias con comprobante, de la más antigua a la más nueva. Teclas: ↑ ↓ para moverte, A para aprobar, R para rechazar."
      />
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="proofs-announcer">
        {outcome?.text ?? ''}
      </div>
      {outcome && (
        <div className={`alert alert-${outcome.kind === 'error' ? 'error' : 'success'} proof-outcome`} data-testid="proof-outcome">
          <span className="alert-text">{outcome.text}</span>
          {outcome.order && <WhatsappLink order={outcome.order} reason={outcome.reason} className="btn btn-sm btn-whatsapp" />}
          <button type="button" className="alert-close" onClick={() => setOutcome(null)} aria-label="Cerrar mensaje">
            ×
          </button>
        </div>
      )}
      <Loaded
        query={queue}
        loading="Cargando comprobantes..."
        errorText={(error) => errorMessage(error, 'Error al cargar los comprobantes')}
        empty={orders.length === 0 && <EmptyState title="No hay comprobantes por verificar" />}
      >
        {() => (
          <>
            <p className="muted" data-testid="proofs-count">
              {total === 1 ? '1 comprobante espera' : `${total} comprobantes esperan`}
              {total > QUEUE_SIZE ? ` (se muestran los ${QUEUE_SIZE} más antiguos)` : ''}
            </p>
            <div className="proof-list" aria-label="Comprobantes por verificar" role="list">
              {orders.map((order, i) => (
                <div role="listitem" key={order._id}>
                  <ProofCard
                    ref={(el) => {
                      if (el) cards.current.set(order._id, el);
                      else cards.current.delete(order._id);
                    }}
                    order={order}
                    position={i + 1}
                    count={orders.length}
                    selected={i === index}
                    busy={update.isPending}
                    bank={content.data?.checkout.paymentInfo.bankTransfer}
                    onSelect={() => select(order, false)}
                    onApprove={() => approve(order)}
                    onReject={() => openReject(order)}
                  />
                </div>
              ))}
            </div>
          </>
        )}
      </Loaded>
      {rejecting && (
        <RejectDialog
          orderNumber={rejecting.orderNumber}
          pending={update.isPending}
          error={rejectError}
          onReject={(reason) => reject(rejecting, reason)}
          onCancel={() => setRejecting(null)}
        />
      )}
    </div>
  );
}
