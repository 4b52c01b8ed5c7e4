import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ProductQuery } from '@/features/cart';
import { fetchProduct } from './get-product';
import { fetchProducts } from './get-products';
import type { ProductListFilters } from './product-keys';

/** The product queries; every key starts with 'products' so writes that change stock refresh them. */
export const productQueries = {
  all: () => ['products'] as const,
  /** Catalogue pages of 12, appended by 'Ver más productos'. */
  pages: (filters: ProductListFilters) =>
    infiniteQueryOptions({
      queryKey: [...productQueries.all(), 'pages', filters] as const,
      queryFn: ({ pageParam, signal }) => fetchProducts(filters, pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: (last, all) => (all.length < last.totalPages ? all.length + 1 : undefined),
    }),
  list: (filters: ProductListFilters) =>
    queryOptions({
      queryKey: [...productQueries.all(), 'list', filters] as const,
      queryFn: ({ signal }) => fetchProducts(filters, 1, signal),
    }),
  detail: (id: string) =>
    queryOptions({ queryKey: [...productQueries.all(), 'detail', id] as const, queryFn: ({ signal }) => fetchProduct(id, signal) }),
};

export function useProduct(id: string) {
  return useQuery(productQueries.detail(id));
}

export function useProductPages(filters: ProductListFilters) {
  return useInfiniteQuery(productQueries.pages(filters));
}

/** The detail query in the shape the cart asks for when it checks its lines against the catalogue (same key and cache). */
export const cartProductQuery: ProductQuery = (id) => ({
  queryKey: productQueries.detail(id).queryKey,
  queryFn: ({ signal }) => fetchProduct(id, signal),
});
