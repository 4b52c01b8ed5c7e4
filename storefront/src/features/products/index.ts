// Public face of the catalogue. The product page is loaded by path from app/routes.tsx (its own chunk).
export { fetchProducts } from './api/get-products';
export { prefetchCatalogScreen, prefetchProductScreen } from './api/prefetch';
export { cartProductQuery, productQueries, useProductPages } from './api/product-queries';
export type { ProductListFilters, SortOption } from './api/product-keys';
export { ProductGrid, ProductGridSkeleton } from './components/product-grid';
export { categoryLabel, productImage } from './product-display';
