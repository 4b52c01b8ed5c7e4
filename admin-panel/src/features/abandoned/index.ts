// 'Carritos abandonados': the list is its own chunk (loaded by path from app/app-routes.tsx); the dashboard reads its queries.
export { abandonedQueries } from './api/abandoned-queries';
