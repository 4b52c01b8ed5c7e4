/**
 * The accounts domain (a shopper's optional account: the e-mailed code, the sessions, her orders of every channel,
 * addresses, measurements, favourites, preferences, the export and the deletion): what other parts of the backend may
 * use. Its other files are private to the domain and its Strapi shells (cms/src/domains/domains.json).
 */
export { ACCOUNT_INDEXES } from './account-store';
export { accountAcceptsMail } from './account-consent';
export { accountSince } from './account-staff';
