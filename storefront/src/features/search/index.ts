// Public face of the catalogue search. The results page is loaded by path from app/routes.tsx (its own chunk).
export { SearchBox } from './components/search-box';
