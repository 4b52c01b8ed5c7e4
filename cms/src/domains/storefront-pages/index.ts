/**
 * The storefront-pages domain (server-rendered page heads, pictures, sitemap, the built apps): what other parts of the backend may use. Its other files are private to
 * the domain and its Strapi shells (cms/src/domains/domains.json; the lint rule in eslint.config.mjs).
 */
export { convertProductPicturesInBackground, writePictureVariants } from './picture-variants';
