// Public face of the site content: the categories other screens list and label. The editor is loaded by path from
// app/app-routes.tsx (its own chunk).
export { categoryLabel, useCategories } from './use-categories';
export { contentQueries } from './api/get-content';
export { useUpdateContent } from './api/update-content';
