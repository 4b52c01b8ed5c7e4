import { AlertTriangle, ShoppingBag } from 'lucide-react';
import { formatPrice, MERCADOLIBRE_SALES_MESSAGES, type Order } from '@shop/shared';
import { DetailCard } from '@/components/detail-card';
import { mercadoPagoStatusLabel } from './order-mercadopago-card';

/**
 * A sale made on Mercado Libre: its ids there (sale, cart, shipment), its payment's status and Mercado Libre's fee
 * and, when it found fewer units than it sold, "Vendido sin stock" with what to do.
 */
export function OrderMercadoLibreCard({ order }: { order: Order }) {
  const external = order.external;
  if (!external) return null;
  return (
    <DetailCard headingId="mercadolibre-title" title="Venta de Mercado Libre" icon={ShoppingBag} testId="order-mercadolibre">
      {order.oversold && <OversoldNotice />}
      <dl className="kv">
        <dt>Venta</dt>
        <dd data-testid="ml-order-id">{external.orderId}</dd>
        {external.packId && (
          <>
            <dt>Carrito</dt>
            <dd>{external.packId}</dd>
          </>
        )}
        {external.shipmentId && (
          <>
            <dt>Envío</dt>
            <dd>{external.shipmentId}</dd>
          </>
        )}
        {external.buyerNickname && (
          <>
            <dt>Compradora</dt>
            <dd>{external.buyerNickname}</dd>
          </>
        )}
        {external.paymentStatus && (
          <>
            <dt>Pago</dt>
            <dd>{mercadoPagoStatusLabel(external.paymentStatus)}</dd>
          </>
        )}
        {typeof external.paidAmount === 'number' && (
          <>
            <dt>Pagado en Mercado Libre</dt>
            <dd data-testid="mercadolibre-paid-amount">{formatPrice(external.paidAmount)}</dd>
          </>
        )}
        {typeof external.saleFee === 'number' && (
          <>
            <dt>Cargo de Mercado Libre</dt>
            <dd>{formatPrice(external.saleFee)}</dd>
          </>
        )}
      </dl>
    </DetailCard>
  );
}

/** "Vendido sin stock" and the advice (the order detail, and the quick view). */
export function OversoldNotice() {
  return (
    <div className="alert alert-warning" role="status" data-testid="order-oversold">
      <AlertTriangle size={18} aria-hidden="true" />
      <span>
        <strong>{MERCADOLIBRE_SALES_MESSAGES.oversoldTitle}.</strong> {MERCADOLIBRE_SALES_MESSAGES.oversoldAdvice}
      </span>
    </div>
  );
}
