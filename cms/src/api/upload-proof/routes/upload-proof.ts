import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::upload-proof.upload-proof', { public: { upload: ['POST', '/upload/proof'] } });
