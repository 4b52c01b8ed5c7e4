import { queryOptions } from '@tanstack/react-query';
import {
  couponAnswerSchema,
  couponListAnswerSchema,
  deletedAnswerSchema,
  discountInsightAnswerSchema,
  promotionAnswerSchema,
  promotionListAnswerSchema,
  type CouponInput,
  type PromotionInput,
} from '@shop/shared';
import type { z } from 'zod';
import { useWriteMutation } from '@shop/client-kit';
import { api } from '@/lib/api-client';

/** GET/POST/PUT/DELETE /coupons and /promotions (owner), GET /insight/discounts (dashboard). */
export const promotionQueries = {
  all: () => ['promotions'] as const,
  coupons: () =>
    queryOptions({
      queryKey: [...promotionQueries.all(), 'coupons'] as const,
      queryFn: async () => (await api.get('/coupons', couponListAnswerSchema, 'Error al obtener los cupones')).coupons,
      staleTime: 0,
    }),
  promotions: () =>
    queryOptions({
      queryKey: [...promotionQueries.all(), 'automatic'] as const,
      queryFn: async () => (await api.get('/promotions', promotionListAnswerSchema, 'Error al obtener las promociones')).promotions,
      staleTime: 0,
    }),
  given: () =>
    queryOptions({
      queryKey: [...promotionQueries.all(), 'given'] as const,
      queryFn: () => api.get('/insight/discounts', discountInsightAnswerSchema, 'Error al obtener los descuentos otorgados'),
    }),
};

const invalidates = () => [promotionQueries.all()];

/** Saving one kind of item under `path` ('/coupons'): POST a new one, PUT one by its id; `what` names it in the error. */
function useSaveItem<Input, S extends z.ZodType>(path: string, schema: S, what: string) {
  return useWriteMutation({
    mutationFn: ({ id, input }: { id: string | null; input: Input }) =>
      api.request({
        method: id ? 'PUT' : 'POST',
        url: id ? `${path}/${encodeURIComponent(id)}` : path,
        data: input,
        schema,
        errorMessage: `Error al guardar ${what}`,
      }),
    invalidates,
  });
}

/** Deleting one item under `path` by its id; `what` names it in the error. */
function useDeleteItem(path: string, what: string) {
  return useWriteMutation({
    mutationFn: (id: string) => api.remove(`${path}/${encodeURIComponent(id)}`, deletedAnswerSchema, `Error al eliminar ${what}`),
    invalidates,
  });
}

export const useSaveCoupon = () => useSaveItem<CouponInput, typeof couponAnswerSchema>('/coupons', couponAnswerSchema, 'el cupón');
export const useDeleteCoupon = () => useDeleteItem('/coupons', 'el cupón');
export const useSavePromotion = () =>
  useSaveItem<PromotionInput, typeof promotionAnswerSchema>('/promotions', promotionAnswerSchema, 'la promoción');
export const useDeletePromotion = () => useDeleteItem('/promotions', 'la promoción');
