import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  whatsappConversationAnswerSchema,
  whatsappConversationsAnswerSchema,
  whatsappReplyAnswerSchema,
  whatsappSettingsAnswerSchema,
  whatsappTemplatesAnswerSchema,
  whatsappTestAnswerSchema,
  type WhatsappReply,
  type WhatsappSettingsInput,
} from '@shop/shared';
import { api } from '@/lib/api-client';

/** WhatsApp through the Cloud API (docs/api.md "WhatsApp"): the owner's connection and the shoppers' conversations. */
export const whatsappQueries = {
  settings: () =>
    queryOptions({
      queryKey: ['whatsapp', 'settings'] as const,
      queryFn: () =>
        api.request({ url: '/whatsapp/settings', schema: whatsappSettingsAnswerSchema, errorMessage: 'Error al cargar WhatsApp' }),
    }),
  templates: (enabled: boolean) =>
    queryOptions({
      queryKey: ['whatsapp', 'templates'] as const,
      queryFn: () =>
        api.request({
          url: '/whatsapp/templates',
          schema: whatsappTemplatesAnswerSchema,
          errorMessage: 'No se pudieron leer las plantillas de WhatsApp',
        }),
      enabled,
      retry: false,
    }),
  conversations: () =>
    queryOptions({
      queryKey: ['whatsapp', 'conversations'] as const,
      queryFn: () =>
        api.request({
          url: '/whatsapp/conversations',
          schema: whatsappConversationsAnswerSchema,
          errorMessage: 'Error al cargar los mensajes',
        }),
      // Shoppers write at any time: the list follows them.
      refetchInterval: 10_000,
    }),
  conversation: (phone: string) =>
    queryOptions({
      queryKey: ['whatsapp', 'conversation', phone] as const,
      queryFn: () =>
        api.request({
          url: `/whatsapp/conversations/${encodeURIComponent(phone)}`,
          schema: whatsappConversationAnswerSchema,
          errorMessage: 'Error al cargar la conversación',
        }),
      refetchInterval: 5_000,
    }),
};

export function useSaveWhatsappSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: WhatsappSettingsInput) =>
      api.request({
        method: 'PUT',
        url: '/whatsapp/settings',
        data,
        schema: whatsappSettingsAnswerSchema,
        errorMessage: 'Error al guardar',
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(whatsappQueries.settings().queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: ['whatsapp', 'templates'] });
    },
  });
}

export const useTestWhatsapp = () =>
  useMutation({
    mutationFn: (to: string) =>
      api.request({
        method: 'POST',
        url: '/whatsapp/test',
        data: { to },
        schema: whatsappTestAnswerSchema,
        errorMessage: 'No se pudo enviar el mensaje de prueba',
      }),
  });

export function useReplyOnWhatsapp(phone: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: WhatsappReply) =>
      api.request({
        method: 'POST',
        url: `/whatsapp/conversations/${encodeURIComponent(phone)}/messages`,
        data,
        schema: whatsappReplyAnswerSchema,
        errorMessage: 'No se pudo enviar la respuesta',
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['whatsapp', 'conversation', phone] });
      void queryClient.invalidateQueries({ queryKey: whatsappQueries.conversations().queryKey });
    },
  });
}
