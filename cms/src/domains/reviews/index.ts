/**
 * The reviews domain (verified buyers' reviews with the fit, their invitations, moderation, the products' ratings):
 * what other parts of the backend may use. Its other files are private to the domain and its Strapi shells
 * (cms/src/domains/domains.json; the lint rule in eslint.config.mjs).
 */
export { REVIEW_INDEXES, ratingsOf, reviewFitBySize } from './review-store';
export { approvedStarsSince, latestReviews } from './review-stats';
export { startReviewSweeps, stopReviewSweeps, sweepReviewInvitations } from './review-invitations';
export { invitationToken } from './review-tokens';
