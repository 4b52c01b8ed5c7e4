import { queryOptions } from '@tanstack/react-query';
import { whatsappMessagesAnswerSchema, type WhatsappMessage, type WhatsappMessageStatus } from '@shop/shared';
import { api } from '@/lib/api-client';

/** GET /orders/{id}/whatsapp (`whatsapp.chat`): the order's WhatsApp messages, oldest first (docs/api.md "WhatsApp"). */
export function getOrderWhatsapp(id: string) {
  return api.get(`/orders/${encodeURIComponent(id)}/whatsapp`, whatsappMessagesAnswerSchema, 'Error al cargar los mensajes de WhatsApp');
}

/** How often the card asks again while a message still waits for Meta's receipt. */
export const WHATSAPP_POLL_MS = 5000;

/** The statuses a receipt may still change (queued, accepted by Meta, sent but not yet delivered). */
const MOVING: readonly WhatsappMessageStatus[] = ['pending', 'accepted', 'sent'];

/** 5 s while any message is on its way, else no polling. */
export function whatsappPollInterval(messages: readonly WhatsappMessage[] | undefined): number | false {
  return messages?.some((message) => MOVING.includes(message.status)) ? WHATSAPP_POLL_MS : false;
}

export const whatsappQueries = {
  /** Under ['orders']: an order's status change (which may queue a message) refreshes it. */
  messages: (id: string) =>
    queryOptions({
      queryKey: ['orders', 'whatsapp', id] as const,
      queryFn: () => getOrderWhatsapp(id),
      refetchInterval: (query) => whatsappPollInterval(query.state.data?.messages),
    }),
};
