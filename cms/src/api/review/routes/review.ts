import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::review.review', {
  // A product's approved reviews; an invitation's lines; a review posted with its invitation; the invitations' opt-out.
  public: {
    productReviews: ['GET', '/products/:id/reviews'],
    invitation: ['GET', '/reviews/invitation/:token'],
    create: ['POST', '/reviews'],
    unsubscribe: ['POST', '/reviews/unsubscribe'],
  },
  staff: {
    list: ['GET', '/reviews'],
    settings: ['GET', '/reviews/settings'],
    saveSettings: ['PUT', '/reviews/settings'],
    moderate: ['PUT', '/reviews/:id'],
  },
});
