import { receivePurchase, reversePurchase } from '../../../domains/catalogue/purchase-receive';
import { planPurchaseSheet } from '../../../domains/catalogue/purchase-sheet';
import { getPurchase, listPurchases, savePurchase } from '../../../domains/catalogue/purchases';
import { listSuppliers, saveSupplier } from '../../../domains/catalogue/suppliers';
import {
  costMethod,
  feeRates,
  setCostMethod,
  setFeePercent,
  setVariantCosts,
  variantCosts,
} from '../../../domains/catalogue/variant-costs';

/**
 * "Ingreso de mercadería" (`api::purchase.purchase`): suppliers, purchases (draft → partial → received, or reversed),
 * receptions through the stock ledger, and the variants' costs. The pieces live in src/domains/catalogue
 * (purchases.ts, purchase-receive.ts, suppliers.ts, variant-costs.ts).
 */
export default () => ({
  listSuppliers,
  saveSupplier,
  listPurchases,
  getPurchase,
  savePurchase,
  planPurchaseSheet,
  receivePurchase,
  reversePurchase,
  variantCosts,
  setVariantCosts,
  costMethod,
  setCostMethod,
  feeRates,
  setFeePercent,
});
