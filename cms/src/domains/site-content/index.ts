/**
 * The site-content domain (the shop's editable content, demo content, contact messages): what other parts of the backend may use. Its other files are private to
 * the domain and its Strapi shells (cms/src/domains/domains.json; the lint rule in eslint.config.mjs).
 */
export { seedSiteContent } from './seed-content';
