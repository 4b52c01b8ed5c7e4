import type { Parcel } from '../contract/shipping.js';

/**
 * The parcels a national quote sends the carriers (issue 48 §1): each unit packed as its product's parcel, each
 * measure the product does not give taken from its category's default, then from the shop's default, so a quote never
 * lacks one; the units then travel as one parcel (weights added, the largest footprint, heights stacked).
 */

/** What a product says of its packed parcel: any measure may be missing (null: not set). */
export interface ProductParcel {
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
}

export const NO_PRODUCT_PARCEL: ProductParcel = { weight: null, length: null, width: null, height: null };

/** The most a quote packs: 30 kg (a carrier's ordinary parcel); sides stack up to 150 cm. */
export const MAX_PARCEL_WEIGHT = 30_000;
export const MAX_PARCEL_SIDE = 150;

const given = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/** One unit's parcel: the product's measure, else its category's, else the shop's (per measure). */
export function unitParcel(product: ProductParcel | null | undefined, category: Parcel | null | undefined, shop: Parcel): Parcel {
  const fallback = category ?? shop;
  const pick = (key: keyof Parcel) => {
    const own = product?.[key];
    return given(own) ? own : fallback[key];
  };
  return { weight: pick('weight'), length: pick('length'), width: pick('width'), height: pick('height') };
}

/** Units travelling as one parcel: weights added, the largest length and width, heights stacked (at most 150 cm). */
export function packParcels(units: readonly Parcel[]): Parcel {
  if (units.length === 0) throw new Error('packParcels: no units');
  return {
    weight: units.reduce((sum, p) => sum + p.weight, 0),
    length: Math.max(...units.map((p) => p.length)),
    width: Math.max(...units.map((p) => p.width)),
    height: Math.min(
      MAX_PARCEL_SIDE,
      units.reduce((sum, p) => sum + p.height, 0),
    ),
  };
}
