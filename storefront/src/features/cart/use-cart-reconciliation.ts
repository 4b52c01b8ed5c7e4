import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { Product } from '@shop/shared';
import { ApiError } from '@shop/client-kit';
import { useCart } from './cart-context';
import { hasCartChanges, type CartChanges } from './cart-rules';

const NO_CHANGES: CartChanges = { pricesChanged: false, linesRemoved: false, quantitiesCapped: false };

interface Catalogue {
  productsById: ReadonlyMap<string, Product>;
  missingIds: ReadonlySet<string>;
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * Checks every product in the cart against the catalogue (the product page's detail queries, same keys and
 * cache, handed to the CartProvider by the app) and applies the current figures through the cart context.
 * Returns everything changed while the screen is shown. Only a 404 removes lines; network or server trouble
 * changes nothing.
 */
export function useCartReconciliation(): CartChanges {
  const { items, productQuery, reconcile } = useCart();
  const idsKey = useMemo(() => JSON.stringify([...new Set(items.map((item) => item.id))]), [items]);
  const ids = useMemo(() => {
    const parsed: unknown = JSON.parse(idsKey);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  }, [idsKey]);

  const combine = useCallback(
    (results: UseQueryResult<Product>[]): Catalogue => {
      const productsById = new Map<string, Product>();
      const missingIds = new Set<string>();
      results.forEach((result, index) => {
        const id = ids[index];
        if (id === undefined) return;
        if (result.data) productsById.set(id, result.data);
        else if (isNotFound(result.error)) missingIds.add(id);
      });
      return { productsById, missingIds };
    },
    [ids],
  );
  const catalogue = useQueries({ queries: ids.map((id) => productQuery(id)), combine });

  const [changes, setChanges] = useState<CartChanges>(NO_CHANGES);
  useEffect(() => {
    const found = reconcile(catalogue.productsById, catalogue.missingIds);
    if (!hasCartChanges(found)) return;
    setChanges((previous) => ({
      pricesChanged: previous.pricesChanged || found.pricesChanged,
      linesRemoved: previous.linesRemoved || found.linesRemoved,
      quantitiesCapped: previous.quantitiesCapped || found.quantitiesCapped,
    }));
  }, [catalogue, items, reconcile]);

  return changes;
}
