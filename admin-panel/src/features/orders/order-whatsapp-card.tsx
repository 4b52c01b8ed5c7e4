import { useQuery } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { WHATSAPP_STATUS_LABELS, WHATSAPP_STEP_LABELS, type Order, type WhatsappMessage } from '@shop/shared';
import { QueryNote } from '@/components/feedback';
import { DetailCard } from '@/components/detail-card';
import { useCan } from '@/features/auth';
import { formatDateTime } from '@/lib/format-date';
import { whatsappQueries } from './api/order-whatsapp';

/** One message: its step ("Respuesta" when it belongs to none), template, time and status, and why it failed. */
function WhatsappMessageItem({ message }: { message: WhatsappMessage }) {
  const failed = message.status === 'failed';
  return (
    <li className="whatsapp-message" data-testid={`whatsapp-message-${message.id}`}>
      <div className="whatsapp-message-head">
        <strong>{message.step ? WHATSAPP_STEP_LABELS[message.step] : 'Respuesta'}</strong>
        <span className={`badge whatsapp-${message.status}`} data-testid="whatsapp-status">
          <span className="visually-hidden">Estado: </span>
          {WHATSAPP_STATUS_LABELS[message.status]}
        </span>
      </div>
      {message.templateName && <span className="cell-sub">Plantilla {message.templateName}</span>}
      <span className="cell-sub">
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        {message.direction === 'in' && ' · de la clienta'}
      </span>
      {message.kind === 'text' && message.text && <p className="pre-wrap whatsapp-message-text">{message.text}</p>}
      {message.error && (
        <p className={failed ? 'field-error' : 'hint'} data-testid="whatsapp-error">
          {message.error}
        </p>
      )}
    </li>
  );
}

/**
 * The order's WhatsApp messages (Meta's Cloud API), for staff who may read them (`whatsapp.chat`): each step's
 * template with its time and receipt (en cola, enviado, entregado, leído, no enviado with the reason), and the
 * shopper's replies. Shown when she asked for WhatsApp news or the order has messages; asks again every 5 s while a
 * message is on its way.
 */
export function OrderWhatsappCard({ order }: { order: Order }) {
  const allowed = useCan()('whatsapp.chat');
  const query = useQuery({ ...whatsappQueries.messages(order._id), enabled: allowed });
  const messages = query.data?.messages ?? [];
  const optedIn = order.whatsappOptIn === true;
  if (!allowed || (!optedIn && messages.length === 0)) return null;
  return (
    <DetailCard headingId="whatsapp-title" title="WhatsApp" icon={MessageCircle} testId="order-whatsapp">
      <QueryNote query={query} loading="Cargando los mensajes…" failure="Error al cargar los mensajes de WhatsApp" />
      {query.isSuccess && messages.length === 0 && <p>Todavía no se envió ningún mensaje por WhatsApp.</p>}
      {messages.length > 0 && (
        <ul className="whatsapp-messages" aria-label="Mensajes de WhatsApp de la orden">
          {messages.map((message) => (
            <WhatsappMessageItem key={message.id} message={message} />
          ))}
        </ul>
      )}
      {!optedIn && <p className="hint">La clienta no pidió novedades por WhatsApp.</p>}
    </DetailCard>
  );
}
