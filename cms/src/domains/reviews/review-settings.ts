import { DEFAULT_REVIEW_SETTINGS, reviewSettingsSchema, type ReviewSettings } from '@shop/shared';
import { parseWith } from '../../utils/http';

/** The owner's review settings in Strapi's store (`core_shop-reviews_settings`); never written on a read. */
const SETTINGS_KEY = { type: 'core', name: 'shop-reviews', key: 'settings' } as const;

export async function reviewSettings(): Promise<ReviewSettings> {
  const parsed = reviewSettingsSchema.safeParse(await strapi.store.get(SETTINGS_KEY));
  return parsed.success ? parsed.data : DEFAULT_REVIEW_SETTINGS;
}

export async function putReviewSettings(body: unknown): Promise<ReviewSettings> {
  const input = parseWith(reviewSettingsSchema.partial(), body);
  const settings = { ...(await reviewSettings()), ...input };
  await strapi.store.set({ ...SETTINGS_KEY, value: settings });
  return settings;
}
