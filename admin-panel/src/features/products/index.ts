// Public face of the product admin. Its screens are loaded by path from app/app-routes.tsx (their own chunks).
export { productQueries } from './api/product-queries';
