/** The shop's business constants and limits (timings, page sizes, caps), written once for server and apps. */
export const LIMITS = {
  cacheMs: 5 * 60 * 1000,
  /** How long a staff invitation's link to choose a password stays valid. */
  staffInvitationHours: 72,
  storefrontPageSize: 12,
  loadMoreMinItems: 8,
  relatedProducts: 4,
  adminProductsPageSize: 10,
  adminOrdersPageSize: 20,
  maxPageButtons: 5,
  dashboardOrders: 20,
  dashboardMostViewed: 10,
  dashboardCategories: 5,
  dashboardRecentOrders: 5,
  searchDebounceMs: 500,
  healthPollMs: 30_000,
  checkoutContentRefreshMs: 5 * 60 * 1000,
  toastMs: 2500,
  copyCheckoutMs: 1500,
  copyOrderNumberMs: 2000,
  catalogueRetryMs: 2000,
  contactSuccessMs: 5000,
  bannerMs: 3000,
  contentSaveBannerMs: 5000,
  contentReloadMs: 1000,
  anchorScrollMs: 100,
  scrollTopRepeatMs: 50,
  ordersLoadRetries: 3,
  cartQuantityCapUnknownStock: 99,
  /** Rows read from the database per batch while a CSV export streams. */
  exportBatchSize: 500,
  /** How many of the most viewed products the low-stock card looks at. */
  lowStockViewedPool: 50,
} as const;

export const STORAGE_KEYS = {
  adminToken: 'adminToken',
  adminUser: 'adminUser',
  cart: 'cart',
} as const;

/** Builds the standard page-number window (at most `max` buttons around the current page). */
export function pageWindow(current: number, totalPages: number, max = 5): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(max, totalPages);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}
export const SHOP_BRAND = 'Jazmín Lencería';
