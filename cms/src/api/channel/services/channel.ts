import {
  accessToken,
  channelView,
  checkConnection,
  disconnect,
  finishConnection,
  saveSettings,
  startConnection,
  withAccessToken,
  guessCategories,
  listListings,
  publishListing,
  requiredAttributes,
  updateListing,
  receiveNotification,
  unansweredQuestions,
  answerQuestion,
} from '../../../domains/channels';

/**
 * Sales channels (docs/api.md "Sales channels"). The pieces live in src/domains/channels; this registered service is
 * how later parts (listings, stock, orders) reach Mercado Libre's access token.
 */
export default () => ({
  view: channelView,
  startConnection,
  finishConnection,
  disconnect,
  saveSettings,
  checkConnection,
  accessToken,
  withAccessToken,
  guessCategories,
  requiredAttributes,
  listListings,
  publishListing,
  updateListing,
  receiveNotification,
  unansweredQuestions,
  answerQuestion,
});
