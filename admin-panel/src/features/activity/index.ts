// Public face of the activity list: the Spanish names of the kinds of work. The Actividad page is loaded by path from
// app/app-routes.tsx (its own chunk).
export { ACTIVITY_KIND_LABELS } from './activity-labels';
