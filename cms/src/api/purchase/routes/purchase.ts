import { customRoutes } from '../../../utils/routes';

/** "Ingreso de mercadería" (docs/api.md "Purchases"): staff only, with purchases.manage (the cost method's change: settings.manage). */
export default customRoutes('api::purchase.purchase', {
  staff: {
    suppliers: ['GET', '/suppliers'],
    createSupplier: ['POST', '/suppliers'],
    updateSupplier: ['PUT', '/suppliers/:id'],
    list: ['GET', '/purchases'],
    create: ['POST', '/purchases'],
    sheet: ['POST', '/purchases/sheet'],
    findOne: ['GET', '/purchases/:id'],
    update: ['PUT', '/purchases/:id'],
    receive: ['POST', '/purchases/:id/receive'],
    reverse: ['POST', '/purchases/:id/reverse'],
    costs: ['GET', '/variant-costs'],
    setCosts: ['PUT', '/variant-costs'],
    settings: ['GET', '/purchase-settings'],
    updateSettings: ['PUT', '/purchase-settings'],
  },
});
