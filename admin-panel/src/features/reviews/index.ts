// Public face of the reviews' moderation: the dashboard card and the sidebar badge. The page is loaded by path from
// app/app-routes.tsx (its own chunk).
export { ReviewsNavBadge, ReviewsWaitingCard } from './reviews-waiting';
// A product's reviews by month and size, on the product's edit page.
export { ReviewStatsCard } from './review-stats-card';
