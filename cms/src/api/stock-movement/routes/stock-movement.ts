import { customRoutes } from '../../../utils/routes';

/** The stock ledger (docs/api.md "Stock ledger"): staff only, read with stock.view, adjustments with stock.adjust. */
export default customRoutes('api::stock-movement.stock-movement', {
  staff: {
    list: ['GET', '/stock-movements'],
    check: ['GET', '/stock-check'],
    adjust: ['POST', '/stock-adjustments'],
  },
});
