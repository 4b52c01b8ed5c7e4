import { useQuery } from '@tanstack/react-query';
import { defaultSiteContent, whatsappLink, whatsappMessage, whatsappTemplateKey, type Order } from '@shop/shared';
import { WhatsappButton } from '@/components/whatsapp-button';
import { contentQueries } from '@/features/content';

/** Where the shopper follows the order on the storefront (same origin as the back office). */
const trackingUrl = () => `${window.location.origin}/track-order`;

interface WhatsappLinkProps {
  order: Pick<Order, 'orderNumber' | 'total' | 'status' | 'deliveryType' | 'fulfillment' | 'shippingInfo' | 'zone' | 'meetingPoint'>;
  /** The reason of the last change (a rejected proof, a cancellation), for the {motivo} placeholder. */
  reason?: string;
  className?: string;
}

/**
 * 'Escribir por WhatsApp': opens a chat with the shopper, the message for the order's situation already written (the
 * templates of site content; the defaults while it loads). A phone that cannot be an Argentine mobile leaves the
 * button disabled with the reason beside it.
 */
export function WhatsappLink({ order, reason, className = 'btn btn-whatsapp' }: WhatsappLinkProps) {
  const content = useQuery({ ...contentQueries.site(), retry: 0 });
  const templates = content.data?.whatsapp ?? defaultSiteContent().whatsapp;
  const text = whatsappMessage(templates[whatsappTemplateKey(order)], order, { reason, trackingUrl: trackingUrl() });
  const href = whatsappLink(order.shippingInfo.phone, text);
  const why = `El teléfono «${order.shippingInfo.phone}» no es un celular argentino válido: escribile desde tu teléfono.`;
  return <WhatsappButton href={href} why={{ id: `wa-why-${order.orderNumber}`, text: why }} className={className} testId="whatsapp-link" />;
}
