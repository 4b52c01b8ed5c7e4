import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::health.health', {
  public: { check: ['GET', '/health'] },
  // The owner's go-live checklist and its test e-mail (settings.manage: owner only).
  staff: { checklist: ['GET', '/health/checklist'], testEmail: ['POST', '/health/test-email'] },
});
