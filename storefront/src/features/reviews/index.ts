// Public face of the reviews. The invitation and opt-out pages are loaded by path from app/routes.tsx (their own chunks).
export { CardRating } from './components/card-rating';
export { ProductReviews } from './components/product-reviews';
export { Stars } from './components/stars';
