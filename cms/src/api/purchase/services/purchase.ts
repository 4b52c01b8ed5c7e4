import {
  costMethod,
  getPurchase,
  listPurchases,
  listSuppliers,
  receivePurchase,
  reversePurchase,
  savePurchase,
  saveSupplier,
  setCostMethod,
  variantCosts,
} from '../../../domains/catalogue/purchases';

/**
 * "Ingreso de mercadería" (`api::purchase.purchase`): suppliers, purchases (draft → partial → received, or reversed),
 * receptions through the stock ledger, and the variants' costs. The pieces live in src/domains/catalogue/purchases.ts.
 */
export default () => ({
  listSuppliers,
  saveSupplier,
  listPurchases,
  getPurchase,
  savePurchase,
  receivePurchase,
  reversePurchase,
  variantCosts,
  costMethod,
  setCostMethod,
});
