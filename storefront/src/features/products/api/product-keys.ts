export type SortOption = 'title-asc' | 'price-asc' | 'price-desc';

export interface ProductListFilters {
  category?: string;
  sizes?: string[];
  sort?: SortOption;
  limit?: number;
}

/** Query keys of the product feature; every key starts with 'products' so writes on /products invalidate them. */
export const productKeys = {
  all: ['products'] as const,
  pages: (filters: ProductListFilters) => [...productKeys.all, 'pages', filters] as const,
  list: (filters: ProductListFilters) => [...productKeys.all, 'list', filters] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
};
