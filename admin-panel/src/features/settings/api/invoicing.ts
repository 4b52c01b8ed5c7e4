import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  certificateAnswerSchema,
  csrAnswerSchema,
  invoicingSettingsAnswerSchema,
  invoicingTestAnswerSchema,
  type InvoicingSettings,
} from '@shop/shared';
import { api } from '@/lib/api-client';

/** Configuración › Facturación (docs/api.md "Factura electrónica"): settings, key and CSR, certificate, test. */
export const invoicingQueries = {
  settings: () =>
    queryOptions({
      queryKey: ['invoicing', 'settings'] as const,
      queryFn: () =>
        api.request({
          method: 'GET',
          url: '/invoicing/settings',
          schema: invoicingSettingsAnswerSchema,
          errorMessage: 'Error al cargar la facturación',
        }),
    }),
};

export type InvoicingSettingsInput = Omit<InvoicingSettings, 'hasKey' | 'csr' | 'certificate' | 'ready' | 'pointOfSale'> & {
  pointOfSale: number;
};

function useInvoicingWrite<TVariables, TAnswer>(mutationFn: (variables: TVariables) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: invoicingQueries.settings().queryKey }) });
}

export const useSaveInvoicingSettings = () =>
  useInvoicingWrite((data: InvoicingSettingsInput) =>
    api.request({
      method: 'PUT',
      url: '/invoicing/settings',
      data,
      schema: invoicingSettingsAnswerSchema,
      errorMessage: 'Error al guardar',
    }),
  );

export const useCreateCsr = () =>
  useInvoicingWrite((_: void) =>
    api.request({ method: 'POST', url: '/invoicing/csr', data: {}, schema: csrAnswerSchema, errorMessage: 'Error al generar el pedido' }),
  );

export const useUploadCertificate = () =>
  useInvoicingWrite((certificate: string) =>
    api.request({
      method: 'PUT',
      url: '/invoicing/certificate',
      data: { certificate },
      schema: certificateAnswerSchema,
      errorMessage: 'Error al subir el certificado',
    }),
  );

export const useTestInvoicing = () =>
  useMutation({
    mutationFn: () =>
      api.request({
        method: 'POST',
        url: '/invoicing/test',
        data: {},
        schema: invoicingTestAnswerSchema,
        errorMessage: 'Error al probar la conexión',
      }),
  });
