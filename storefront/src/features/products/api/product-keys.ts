export type SortOption = 'title-asc' | 'price-asc' | 'price-desc';

export interface ProductListFilters {
  category?: string;
  sizes?: string[];
  sort?: SortOption;
  limit?: number;
}
