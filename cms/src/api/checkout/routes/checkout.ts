import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::checkout.checkout', { public: { quote: ['POST', '/checkout/quote'] } });
