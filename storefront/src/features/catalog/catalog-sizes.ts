import { offeredSizes, type SizeGuide } from '@shop/shared';

const STANDARD_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];

/** Sizes offered in the filter: those of the category's size guides, else the usual letter sizes. */
export function filterSizesFor(category: string, guides: readonly SizeGuide[]): string[] {
  const sizes = offeredSizes(category, guides);
  return sizes.length > 0 ? sizes : STANDARD_SIZES;
}
