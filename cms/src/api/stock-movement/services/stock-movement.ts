import { adjustStock } from '../../../domains/catalogue/stock-adjust';
import { checkStock, checkStockAtStartup, listMovements, openStockLedger } from '../../../domains/catalogue/stock-check';

/**
 * The stock ledger (`api::stock-movement.stock-movement`): every change of a variant's units is one append-only
 * movement written in the changing transaction (src/domains/catalogue/stock-ledger.ts); a variant's stock is the sum
 * of its movements, proved by `check`. The pieces live in src/domains/catalogue (stock-*.ts).
 */
export default () => ({
  /** GET /stock-movements: newest first, paged, filtered. */
  list: listMovements,
  /** GET /stock-check and start-up: every variant's stock against the sum of its movements. */
  check: checkStock,
  /** POST /stock-adjustments: units added or taken with a mandatory reason, never below 0. */
  adjust: adjustStock,
  /** Start-up: the opening balance of every variant with units the ledger has not met, then the check (logged). */
  async prepare(): Promise<void> {
    await openStockLedger();
    await checkStockAtStartup();
  },
});
