// Public face of the site content (texts, categories, checkout options edited in the back office).
export { contentQueries, useSiteContent } from './api/get-content';
export { useVatRate } from './api/use-vat-rate';
