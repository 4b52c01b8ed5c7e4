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

export function useSaveCoupon() {
  return useWriteMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CouponInput }) =>
      api.request({
        method: id ? 'PUT' : 'POST',
        url: id ? `/coupons/${encodeURIComponent(id)}` : '/coupons',
        data: input,
        schema: couponAnswerSchema,
        errorMessage: 'Error al guardar el cupón',
      }),
    invalidates,
  });
}

export function useDeleteCoupon() {
  return useWriteMutation({
    mutationFn: (id: string) =>
      api.request({
        method: 'DELETE',
        url: `/coupons/${encodeURIComponent(id)}`,
        schema: deletedAnswerSchema,
        errorMessage: 'Error al eliminar el cupón',
      }),
    invalidates,
  });
}

export function useSavePromotion() {
  return useWriteMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PromotionInput }) =>
      api.request({
        method: id ? 'PUT' : 'POST',
        url: id ? `/promotions/${encodeURIComponent(id)}` : '/promotions',
        data: input,
        schema: promotionAnswerSchema,
        errorMessage: 'Error al guardar la promoción',
      }),
    invalidates,
  });
}

export function useDeletePromotion() {
  return useWriteMutation({
    mutationFn: (id: string) =>
      api.request({
        method: 'DELETE',
        url: `/promotions/${encodeURIComponent(id)}`,
        schema: deletedAnswerSchema,
        errorMessage: 'Error al eliminar la promoción',
      }),
    invalidates,
  });
}
