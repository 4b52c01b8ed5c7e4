import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { MessageCircle } from 'lucide-react';
import { WHATSAPP_STATUS_LABELS, type WhatsappConversation, type WhatsappMessage } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { formatDateTimeAR } from '@/lib/format-date';
import { whatsappQueries } from './api/whatsapp';
import { ReplyForm } from './reply-form';
import './whatsapp.css';

const PHONE_PARAM = 'numero';

const who = (c: Pick<WhatsappConversation, 'name' | 'phone'>) => c.name ?? `+${c.phone}`;

function ConversationList({ selected, onSelect }: { selected: string | null; onSelect: (phone: string) => void }) {
  const query = useQuery(whatsappQueries.conversations());
  if (query.isPending) return <p className="muted">Cargando…</p>;
  if (query.isError)
    return (
      <p className="field-error" role="alert">
        {errorMessage(query.error, 'Error al cargar los mensajes')}
      </p>
    );
  if (query.data.conversations.length === 0)
    return <p className="muted">Todavía no hay mensajes. Cuando una clienta escriba al número de la tienda, aparece acá.</p>;
  return (
    <ul className="wa-conversations" aria-label="Conversaciones">
      {query.data.conversations.map((c) => (
        <li key={c.phone}>
          <button
            type="button"
            className="wa-conversation"
            aria-current={selected === c.phone ? 'true' : undefined}
            onClick={() => onSelect(c.phone)}
            data-testid={`wa-conversation-${c.phone}`}
          >
            <span className="wa-conversation-who">{who(c)}</span>
            {c.unread > 0 && <span className="badge wa-unread">{c.unread === 1 ? '1 sin leer' : `${c.unread} sin leer`}</span>}
            <span className="wa-conversation-last">{c.lastText}</span>
            <span className="hint">{formatDateTimeAR(c.lastMessageAt)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function Bubble({ message }: { message: WhatsappMessage }) {
  const mine = message.direction === 'out';
  return (
    <li className={mine ? 'wa-bubble wa-bubble-out' : 'wa-bubble wa-bubble-in'}>
      <span className="visually-hidden">{mine ? 'La tienda: ' : 'Ella: '}</span>
      <p className="wa-bubble-text">{message.text || (message.templateName ? `Plantilla ${message.templateName}` : '')}</p>
      <p className="hint">
        {formatDateTimeAR(message.createdAt)}
        {mine && (
          <>
            {' · '}
            <span className={`wa-status wa-status-${message.status}`}>{WHATSAPP_STATUS_LABELS[message.status]}</span>
          </>
        )}
      </p>
      {mine && message.error && <p className="field-error">{message.error}</p>}
    </li>
  );
}

function Conversation({ phone }: { phone: string }) {
  const query = useQuery(whatsappQueries.conversation(phone));
  const queryClient = useQueryClient();
  const unreadBefore = query.data ? query.data.messages.filter((m) => m.direction === 'in').length : 0;
  // Opening it marked her messages as read: the list's counts follow.
  useEffect(() => {
    if (unreadBefore > 0) void queryClient.invalidateQueries({ queryKey: whatsappQueries.conversations().queryKey });
  }, [unreadBefore, queryClient]);
  if (query.isPending) return <p className="muted">Cargando la conversación…</p>;
  if (query.isError)
    return (
      <p className="field-error" role="alert">
        {errorMessage(query.error, 'Error al cargar la conversación')}
      </p>
    );
  const { conversation, messages, templates, orders } = query.data;
  return (
    <section className="card wa-thread" aria-labelledby="wa-thread-title" data-testid="wa-thread">
      <h2 id="wa-thread-title" className="card-title">
        {who(conversation)} {conversation.name && <span className="muted">+{conversation.phone}</span>}
      </h2>
      {orders.length > 0 && (
        <p className="wa-orders">
          Sus pedidos:{' '}
          {orders.map((o, i) => (
            <span key={o.id}>
              {i > 0 && ', '}
              <Link to={paths.order(o.id)}>{o.orderNumber}</Link>
            </span>
          ))}
        </p>
      )}
      <ol className="wa-messages" aria-label="Mensajes de la conversación">
        {messages.map((m) => (
          <Bubble key={m.id} message={m} />
        ))}
      </ol>
      <ReplyForm phone={phone} windowEndsAt={conversation.windowEndsAt} templates={templates} />
    </section>
  );
}

/** "Mensajes": the shoppers' WhatsApp messages, grouped by shopper, with unread counts, and the staff's answers. */
export function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const selected = params.get(PHONE_PARAM);
  return (
    <div className="stack">
      <PageHeader title="Mensajes" description="Lo que las clientas escriben al WhatsApp de la tienda, y tus respuestas." />
      <div className="wa-inbox">
        <nav className="card wa-list" aria-label="Clientas que escribieron">
          <h2 className="card-title with-icon">
            <MessageCircle size={18} aria-hidden="true" /> Conversaciones
          </h2>
          <ConversationList selected={selected} onSelect={(phone) => setParams({ [PHONE_PARAM]: phone })} />
        </nav>
        {selected && /^\d{8,15}$/.test(selected) ? (
          <Conversation key={selected} phone={selected} />
        ) : (
          <p className="muted wa-empty">Elegí una conversación para leerla y responder.</p>
        )}
      </div>
    </div>
  );
}
