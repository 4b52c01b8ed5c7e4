// Public face of the team: the staff list query (the activity screen filters by person). The Equipo page is loaded by
// path from app/app-routes.tsx (its own chunk).
export { staffQueries } from './api/staff-queries';
