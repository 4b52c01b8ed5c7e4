import type authService from './api/auth/services/auth';
import type channelService from './api/channel/services/channel';
import type checkoutService from './api/checkout/services/checkout';
import type checkoutDraftService from './api/checkout-draft/services/checkout-draft';
import type emailOutboxService from './api/email-outbox/services/email-outbox';
import type contactMessageService from './api/contact-message/services/contact-message';
import type healthService from './api/health/services/health';
import type insightService from './api/insight/services/insight';
import type interactionService from './api/interaction/services/interaction';
import type orderService from './api/order/services/order';
import type productService from './api/product/services/product';
import type promotionService from './api/promotion/services/promotion';
import type purchaseService from './api/purchase/services/purchase';
import type stockAlertService from './api/stock-alert/services/stock-alert';
import type stockMovementService from './api/stock-movement/services/stock-movement';
import type siteContentService from './api/site-content/services/site-content';
import type transferProofService from './api/upload-proof/services/transfer-proof';
import type uploadProofService from './api/upload-proof/services/upload-proof';
import type usersService from './api/users/services/users';

/** What a service file registers: a factory (Strapi calls it with `{ strapi }`) or a plain object. */
type Registered<T> = T extends (...args: never[]) => infer Service ? Service : T;

/**
 * The shop's services as `strapi.service(uid)` returns them, typed (Strapi types every service as a bag of `any`).
 * Each overload names one registered service; unknown uids keep Strapi's own signature.
 */
declare module '@strapi/types/dist/core/strapi' {
  interface Strapi {
    service(uid: 'api::auth.auth'): Registered<typeof authService>;
    service(uid: 'api::channel.channel'): Registered<typeof channelService>;
    service(uid: 'api::checkout.checkout'): Registered<typeof checkoutService>;
    service(uid: 'api::checkout-draft.checkout-draft'): Registered<typeof checkoutDraftService>;
    service(uid: 'api::contact-message.contact-message'): Registered<typeof contactMessageService>;
    service(uid: 'api::email-outbox.email-outbox'): Registered<typeof emailOutboxService>;
    service(uid: 'api::health.health'): Registered<typeof healthService>;
    service(uid: 'api::insight.insight'): Registered<typeof insightService>;
    service(uid: 'api::interaction.interaction'): Registered<typeof interactionService>;
    service(uid: 'api::order.order'): Registered<typeof orderService>;
    service(uid: 'api::product.product'): Registered<typeof productService>;
    service(uid: 'api::promotion.promotion'): Registered<typeof promotionService>;
    service(uid: 'api::purchase.purchase'): Registered<typeof purchaseService>;
    service(uid: 'api::stock-alert.stock-alert'): Registered<typeof stockAlertService>;
    service(uid: 'api::stock-movement.stock-movement'): Registered<typeof stockMovementService>;
    service(uid: 'api::site-content.site-content'): Registered<typeof siteContentService>;
    service(uid: 'api::upload-proof.transfer-proof'): Registered<typeof transferProofService>;
    service(uid: 'api::upload-proof.upload-proof'): Registered<typeof uploadProofService>;
    service(uid: 'api::users.users'): Registered<typeof usersService>;
  }
}
