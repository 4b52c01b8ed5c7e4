// Public face of "Avisame cuando vuelva" (stock alerts). The unsubscribe page is loaded by path from app/routes.tsx (its own chunk).
export { StockAlertForm } from './components/stock-alert-form';
