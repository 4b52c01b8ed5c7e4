import { ApiError } from '@shop/client-kit';

export const CATALOG_TEXTS = {
  highDemand: 'Estamos experimentando alta demanda. Por favor, espera unos minutos e intenta de nuevo.',
  failed: 'No se pudieron cargar los productos. Intente nuevamente más tarde.',
  retrying: 'Reintentando cargar productos...',
  empty: 'Aún no hay productos cargados en el sistema. ¡Pronto verás tus productos aquí!',
  emptyCategory: 'No se encontraron productos en esta categoría.',
  loadMore: 'Ver más productos',
} as const;

/** An error containing 429 gets the high-demand text, anything else the generic one. */
export function catalogErrorText(error: unknown): string {
  const is429 = (error instanceof ApiError && error.status === 429) || (error instanceof Error && error.message.includes('429'));
  return is429 ? CATALOG_TEXTS.highDemand : CATALOG_TEXTS.failed;
}
