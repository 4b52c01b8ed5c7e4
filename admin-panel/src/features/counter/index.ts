// The 'Caja' page is loaded by path from app/app-routes.tsx (its own chunk).
export {};
