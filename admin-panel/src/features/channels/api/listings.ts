import axios from 'axios';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  categoryAttributesAnswerSchema,
  categoryPredictionAnswerSchema,
  mercadoLibreListingAnswerSchema,
  mercadoLibreListingsAnswerSchema,
  productListAnswerSchema,
  type PublishListingInput,
  type UpdateListingInput,
} from '@shop/shared';
import { ApiError, toApiError } from '@shop/client-kit';
import { api } from '@/lib/api-client';

/** Mercado Libre listings (docs/api.md "Sales channels: Mercado Libre listings"). */
export const listingQueries = {
  all: () =>
    queryOptions({
      queryKey: ['channels', 'mercadolibre', 'listings'] as const,
      queryFn: () =>
        api.request({
          method: 'GET',
          url: '/channels/mercadolibre/listings',
          schema: mercadoLibreListingsAnswerSchema,
          errorMessage: 'Error al cargar las publicaciones',
        }),
      // Stock changes reach Mercado Libre within seconds: the list shows them settle.
      refetchInterval: 15_000,
    }),
  products: (searchTerm: string) =>
    queryOptions({
      queryKey: ['channels', 'mercadolibre', 'products', searchTerm] as const,
      queryFn: () =>
        api.request({
          url: '/products',
          params: { page: 1, limit: 20, ...(searchTerm.trim() ? { searchTerm: searchTerm.trim() } : {}) },
          schema: productListAnswerSchema,
          errorMessage: 'Error al obtener productos',
        }),
    }),
  categories: (title: string) =>
    queryOptions({
      queryKey: ['channels', 'mercadolibre', 'categories', title] as const,
      queryFn: () =>
        api.request({
          url: '/channels/mercadolibre/categories',
          params: { title },
          schema: categoryPredictionAnswerSchema,
          errorMessage: 'No se pudo sugerir una categoría',
        }),
      enabled: title.trim() !== '',
    }),
  attributes: (categoryId: string) =>
    queryOptions({
      queryKey: ['channels', 'mercadolibre', 'attributes', categoryId] as const,
      queryFn: () =>
        api.request({
          url: `/channels/mercadolibre/categories/${encodeURIComponent(categoryId)}/attributes`,
          schema: categoryAttributesAnswerSchema,
          errorMessage: 'No se pudieron leer los datos que pide la categoría',
        }),
      enabled: /^ML[A-Z]\d{1,12}$/.test(categoryId),
    }),
};

function useListingWrite<TVariables, TAnswer>(mutationFn: (variables: TVariables) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: listingQueries.all().queryKey }) });
}

export const usePublishListing = () =>
  useListingWrite((data: PublishListingInput) =>
    api.request({
      method: 'POST',
      url: '/channels/mercadolibre/listings',
      data,
      schema: mercadoLibreListingAnswerSchema,
      errorMessage: 'No se pudo publicar en Mercado Libre',
    }),
  );

/** The server's message with its per-field ones ("Faltan datos…: Indicá marca; Indicá talle"), when it gave them. */
function refusalWithFields(error: unknown): ApiError {
  const refusal = toApiError(error, 'No se pudo publicar en Mercado Libre');
  const data: unknown = axios.isAxiosError(error) ? error.response?.data : null;
  const errors: unknown = typeof data === 'object' && data !== null && 'errors' in data ? data.errors : null;
  if (!Array.isArray(errors)) return refusal;
  const fields = errors
    .map((e: unknown) => (typeof e === 'object' && e !== null && 'message' in e && typeof e.message === 'string' ? e.message : ''))
    .filter((text) => text !== '' && text !== refusal.message);
  return fields.length > 0 ? new ApiError(`${refusal.message}: ${fields.join('; ')}`, { status: refusal.status }) : refusal;
}

/** The same POST for "Publicar varios": a refusal keeps every field's message, as each product's result shows it. */
export const usePublishListingWithFields = () =>
  useListingWrite(async (data: PublishListingInput) => {
    let answer: unknown;
    try {
      answer = (await api.axios.post<unknown>('/channels/mercadolibre/listings', data)).data;
    } catch (error) {
      throw refusalWithFields(error);
    }
    const parsed = mercadoLibreListingAnswerSchema.safeParse(answer);
    if (!parsed.success) throw new ApiError('No se pudo publicar en Mercado Libre');
    return parsed.data;
  });

export const useUpdateListing = () =>
  useListingWrite(({ productId, ...data }: UpdateListingInput & { productId: string }) =>
    api.request({
      method: 'PUT',
      url: `/channels/mercadolibre/listings/${encodeURIComponent(productId)}`,
      data,
      schema: mercadoLibreListingAnswerSchema,
      errorMessage: 'No se pudo cambiar la publicación',
    }),
  );
