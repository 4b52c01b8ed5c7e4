/**
 * The channels domain (sales channels beyond the shop's own: Mercado Libre's account connection, its tokens and the
 * channel's settings): what other parts of the backend may use (cms/src/domains/domains.json).
 */
export { accessToken, checkConnection, REFRESH_EARLY_MS, withAccessToken } from './access-token';
export { channelView, disconnect, saveSettings } from './channel-account';
export { finishConnection, SETTINGS_PAGE_PATH, startConnection, type CallbackQuery } from './mercadolibre-connect';
export { DEFAULT_MERCADOLIBRE_API_URL, DEFAULT_MERCADOLIBRE_AUTH_URL, mercadoLibreConfig } from './mercadolibre-client';
export { guessCategories, listListings, publishListing, requiredAttributes, updateListing } from './listings';
export { CHANNEL_INDEXES } from './listing-store';
export { enqueueSync, kickSyncWorker, sweepSyncJobs } from './stock-sync';
export { reconcileListings, startChannelWorkers, stopChannelWorkers } from './stock-reconcile';
export { receiveNotification, startMercadoLibreSales, stopMercadoLibreSales } from './ml-notifications';
export { CHANNEL_SALES_INDEXES } from './ml-jobs';
export { queueFiscalDocument } from './ml-fiscal';
export { answerQuestion, unansweredQuestions } from './ml-questions';
