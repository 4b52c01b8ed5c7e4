import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { shippingSettingsAnswerSchema, type ShippingSettingsInput } from '@shop/shared';
import { api } from '@/lib/api-client';

/** Configuración › Envíos nacionales (docs/api.md "Envíos nacionales"): the carriers, credentials, fees, flat rate. */
export const shippingQueries = {
  settings: () =>
    queryOptions({
      queryKey: ['shipping', 'settings'] as const,
      queryFn: () =>
        api.request({
          method: 'GET',
          url: '/shipping/settings',
          schema: shippingSettingsAnswerSchema,
          errorMessage: 'Error al cargar los envíos',
        }),
    }),
};

export function useSaveShippingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: ShippingSettingsInput) =>
      api.request({
        method: 'PUT',
        url: '/shipping/settings',
        data,
        schema: shippingSettingsAnswerSchema,
        errorMessage: 'Error al guardar',
      }),
    onSuccess: (answer) => queryClient.setQueryData(shippingQueries.settings().queryKey, answer),
  });
}
