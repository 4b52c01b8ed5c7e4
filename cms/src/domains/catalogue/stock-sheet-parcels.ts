// The products' packed parcels in the stock spreadsheet: read from each variant's row, one per product, applied with
// the stock.
import {
  MAX_PARCEL_SIDE,
  MAX_PARCEL_WEIGHT,
  STOCK_SHEET_MSG,
  STOCK_SHEET_PARCEL_COLUMNS,
  type ProductParcel,
  type StockSheetParcelChange,
} from '@shop/shared';
import { table, type Trx } from '../../utils/db-write';

const MEASURES = ['weight', 'length', 'width', 'height'] as const;
const MAXIMA = [MAX_PARCEL_WEIGHT, MAX_PARCEL_SIDE, MAX_PARCEL_SIDE, MAX_PARCEL_SIDE];

const sameParcel = (a: ProductParcel, b: ProductParcel) => MEASURES.every((key) => a[key] === b[key]);

/** Each product's parcel as its rows give it (they must agree), and the changes against what is stored. */
export class SheetParcels {
  private readonly found = new Map<string, { line: number; product: string; from: ProductParcel; to: ProductParcel }>();

  /** Reads one row's parcel (a file without the columns: nothing); the Spanish reason when refused, else null. */
  read(
    row: { line: number; parcel: string[] | null },
    located: { productId: string; title: string; parcel: ProductParcel },
  ): string | null {
    if (!row.parcel) return null;
    const values: (number | null)[] = [];
    for (const [i, cell] of row.parcel.entries()) {
      if (cell === '') {
        values.push(null);
        continue;
      }
      const value = /^\d{1,5}$/.test(cell) ? Number(cell) : NaN;
      if (!Number.isInteger(value) || value < 1 || value > MAXIMA[i]!)
        return STOCK_SHEET_MSG.badParcel(STOCK_SHEET_PARCEL_COLUMNS[i]!, cell);
      values.push(value);
    }
    const to: ProductParcel = { weight: values[0]!, length: values[1]!, width: values[2]!, height: values[3]! };
    const first = this.found.get(located.productId);
    if (first) return sameParcel(first.to, to) ? null : STOCK_SHEET_MSG.parcelDiffers(located.title, first.line);
    this.found.set(located.productId, { line: row.line, product: located.title, from: located.parcel, to });
    return null;
  }

  changes(): StockSheetParcelChange[] {
    return [...this.found.entries()]
      .filter(([, found]) => !sameParcel(found.from, found.to))
      .map(([productId, found]) => ({ line: found.line, product: found.product, productId, from: found.from, to: found.to }));
  }
}

/** Writes the products' new parcels in the file's transaction (checked by SheetParcels: whole, within the limits). */
export async function writeParcels(trx: Trx, changes: readonly StockSheetParcelChange[]): Promise<void> {
  for (const change of changes) {
    await table(trx, 'products').where('document_id', change.productId).update({
      packed_weight: change.to.weight,
      packed_length: change.to.length,
      packed_width: change.to.width,
      packed_height: change.to.height,
    });
  }
}
