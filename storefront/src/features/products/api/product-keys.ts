export type SortOption = 'title-asc' | 'price-asc' | 'price-desc';

export interface ProductListFilters {
  category?: string;
  sizes?: string[];
  sort?: SortOption;
  /** The shopper's search (relevance first unless `sort` is given). */
  searchTerm?: string;
  /** Products per page; 'all' asks for the whole catalogue in one answer (the API's `limit=all`). */
  limit?: number | 'all';
}
