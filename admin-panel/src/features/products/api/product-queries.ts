import { queryOptions } from '@tanstack/react-query';
import { getProducts, type ProductFilters } from './get-products';
import { getProduct } from './get-product';
import { getProductCount } from './get-product-count';

export const productQueries = {
  all: () => ['products'] as const,
  lists: () => [...productQueries.all(), 'list'] as const,
  list: (filters: ProductFilters) =>
    queryOptions({ queryKey: [...productQueries.lists(), filters] as const, queryFn: () => getProducts(filters) }),
  detail: (id: string) => queryOptions({ queryKey: [...productQueries.all(), 'detail', id] as const, queryFn: () => getProduct(id) }),
  count: () => queryOptions({ queryKey: [...productQueries.all(), 'count'] as const, queryFn: getProductCount }),
};
