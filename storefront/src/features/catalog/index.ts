// Public face of the catalogue browser. The category page is loaded by path from app/routes.tsx (its own chunk).
export { CatalogSection } from './components/catalog-section';
export { prefetchCategoryScreen } from './category-prefetch';
