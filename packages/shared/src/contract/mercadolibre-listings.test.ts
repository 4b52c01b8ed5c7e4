import { describe, expect, it } from 'vitest';
import {
  channelPrice,
  channelQuantity,
  LISTING_MESSAGES,
  publishListingInputSchema,
  updateListingInputSchema,
} from './mercadolibre-listings.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('Mercado Libre listings: the channel price and the units offered', () => {
  it('adds the percentage to the web price and rounds to the peso', () => {
    expect(channelPrice(20_000, 10)).toBe(22_000);
    expect(channelPrice(9_999, 12.5)).toBe(11_249);
    expect(channelPrice(15_000, 0)).toBe(15_000);
  });

  it('holds the safety buffer back, never below 0, and offers nothing of an inactive variant', () => {
    expect(channelQuantity(5, 1)).toBe(4);
    expect(channelQuantity(1, 2)).toBe(0);
    expect(channelQuantity(0, 0)).toBe(0);
    expect(channelQuantity(7, 0, false)).toBe(0);
  });
});

describe('Mercado Libre listings: input', () => {
  it('takes a product, an optional category and attributes; refuses junk in Spanish', () => {
    expect(publishListingInputSchema.parse({ productId: 'abc', categoryId: 'MLA109283', attributes: { BRAND: ' Propia ' } })).toEqual({
      productId: 'abc',
      categoryId: 'MLA109283',
      attributes: { BRAND: 'Propia' },
    });
    expect(firstMessage(publishListingInputSchema.safeParse({ productId: 'abc', categoryId: 'x' }))).toBe(LISTING_MESSAGES.categoryId);
    expect(firstMessage(publishListingInputSchema.safeParse({ productId: 'abc', attributes: { brand: 'x' } }))).toBe(
      LISTING_MESSAGES.attributes,
    );
    expect(firstMessage(publishListingInputSchema.safeParse({ productId: 'abc', price: 0 }))).toBe(LISTING_MESSAGES.price);
    expect(publishListingInputSchema.safeParse({ productId: 'abc', extra: 1 }).success).toBe(false);
  });

  it('changes the status or links an item, never both nor neither', () => {
    expect(updateListingInputSchema.parse({ status: 'paused' })).toEqual({ status: 'paused' });
    expect(updateListingInputSchema.parse({ itemId: 'MLA1234567890' })).toEqual({ itemId: 'MLA1234567890' });
    expect(firstMessage(updateListingInputSchema.safeParse({}))).toBe(LISTING_MESSAGES.statusOrItem);
    expect(firstMessage(updateListingInputSchema.safeParse({ status: 'paused', itemId: 'MLA1234567890' }))).toBe(
      LISTING_MESSAGES.statusOrItem,
    );
    expect(firstMessage(updateListingInputSchema.safeParse({ itemId: '123' }))).toBe(LISTING_MESSAGES.itemId);
  });
});
