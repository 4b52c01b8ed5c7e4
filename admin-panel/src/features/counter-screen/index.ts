// The counter screen ("Mostrador") is loaded by path from app/app-routes.tsx (its own chunk).
export {};
