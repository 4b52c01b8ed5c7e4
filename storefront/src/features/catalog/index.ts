// Public face of the catalogue browser. The category page is loaded by path from app/routes.tsx (its own chunk).
export { CatalogResults } from './components/catalog-results';
export { CatalogSection } from './components/catalog-section';
export { prefetchCategoryScreen } from './category-prefetch';
