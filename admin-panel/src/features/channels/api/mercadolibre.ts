import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  mercadoLibreChannelAnswerSchema,
  mercadoLibreConnectAnswerSchema,
  mercadoLibreMessageAnswerSchema,
  type MercadoLibreSettings,
} from '@shop/shared';
import { api } from '@/lib/api-client';

/** Canales › Mercado Libre (docs/api.md "Sales channels: Mercado Libre"): the account, its settings. */
export const mercadoLibreQueries = {
  channel: () =>
    queryOptions({
      queryKey: ['channels', 'mercadolibre'] as const,
      queryFn: () =>
        api.request({
          method: 'GET',
          url: '/channels/mercadolibre',
          schema: mercadoLibreChannelAnswerSchema,
          errorMessage: 'Error al cargar Mercado Libre',
        }),
    }),
};

function useChannelWrite<TVariables, TAnswer>(mutationFn: (variables: TVariables) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: mercadoLibreQueries.channel().queryKey }) });
}

export const useConnectMercadoLibre = () =>
  useMutation({
    mutationFn: (_: void) =>
      api.request({
        method: 'POST',
        url: '/channels/mercadolibre/connect',
        data: {},
        schema: mercadoLibreConnectAnswerSchema,
        errorMessage: 'No se pudo iniciar la conexión con Mercado Libre',
      }),
  });

export const useCheckMercadoLibre = () =>
  useChannelWrite((_: void) =>
    api.request({
      method: 'POST',
      url: '/channels/mercadolibre/check',
      data: {},
      schema: mercadoLibreMessageAnswerSchema,
      errorMessage: 'Error al probar la conexión',
    }),
  );

export const useDisconnectMercadoLibre = () =>
  useChannelWrite((_: void) =>
    api.request({
      method: 'DELETE',
      url: '/channels/mercadolibre',
      schema: mercadoLibreMessageAnswerSchema,
      errorMessage: 'No se pudo desconectar la cuenta',
    }),
  );

export const useSaveMercadoLibreSettings = () =>
  useChannelWrite((data: MercadoLibreSettings) =>
    api.request({
      method: 'PUT',
      url: '/channels/mercadolibre/settings',
      data,
      schema: mercadoLibreChannelAnswerSchema,
      errorMessage: 'Error al guardar',
    }),
  );
