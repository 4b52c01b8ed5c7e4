import { useRef, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { MissingAttribute, PublishListingInput } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { listingQueries, usePublishListingWithFields } from './api/listings';

export type RequiredAttribute = MissingAttribute;

/** One product chosen for the bulk publication, with what Mercado Libre predicted for it. */
export interface BulkTarget {
  productId: string;
  title: string;
  /** The category predicted from the title ('' when Mercado Libre suggested none: the server predicts again). */
  categoryId: string;
}

export type BulkResult =
  | { productId: string; title: string; ok: true; itemId: string }
  | { productId: string; title: string; ok: false; message: string };

/**
 * The category Mercado Libre predicts for each selected product and the union of the required attributes of those
 * categories (each asked once, whatever number of categories asks for it).
 */
export function useBulkCategories(products: { productId: string; title: string }[]) {
  const guesses = useQueries({ queries: products.map((p) => listingQueries.categories(p.title)) });
  const targets: BulkTarget[] = products.map((p, index) => ({
    ...p,
    categoryId: guesses[index]?.data?.categories[0]?.categoryId ?? '',
  }));
  const categoryIds = [...new Set(targets.map((t) => t.categoryId).filter(Boolean))];
  const attributeAnswers = useQueries({ queries: categoryIds.map((id) => listingQueries.attributes(id)) });
  const byCategory = new Map<string, RequiredAttribute[]>();
  categoryIds.forEach((id, index) => byCategory.set(id, attributeAnswers[index]?.data?.required ?? []));
  const union = new Map<string, RequiredAttribute>();
  for (const list of byCategory.values()) for (const attribute of list) if (!union.has(attribute.id)) union.set(attribute.id, attribute);
  const loading = guesses.some((g) => g.isPending && g.fetchStatus !== 'idle') || attributeAnswers.some((a) => a.isPending);
  return { targets, byCategory, required: [...union.values()], loading };
}

/**
 * The body for one product: its predicted category, the common attributes its category asks for (all of them when
 * no category was predicted: the server predicts and keeps what it needs) and its own price when the rule asks one.
 */
export function bulkBody(
  target: BulkTarget,
  attributes: Record<string, string>,
  byCategory: Map<string, RequiredAttribute[]>,
  price: string | undefined,
): PublishListingInput {
  const given = Object.entries(attributes).filter(([, value]) => value.trim() !== '');
  const needed = target.categoryId ? byCategory.get(target.categoryId) : undefined;
  const wanted = needed ? given.filter(([id]) => needed.some((a) => a.id === id)) : given;
  return {
    productId: target.productId,
    ...(target.categoryId ? { categoryId: target.categoryId } : {}),
    attributes: Object.fromEntries(wanted),
    ...(price ? { price: Number(price) } : {}),
  };
}

/**
 * Publishes products one after another through the single-product route: never two calls in flight, the progress
 * as "n of total", and every product's outcome kept (the item id or the server's Spanish message).
 */
export function useBulkPublish() {
  const publish = usePublishListingWithFields();
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<{ current: number; total: number } | null>(null);
  const [results, setResults] = useState<BulkResult[] | null>(null);
  const busy = useRef(false);

  async function run(jobs: { target: BulkTarget; body: PublishListingInput }[], keep: BulkResult[] = []): Promise<BulkResult[]> {
    if (busy.current || jobs.length === 0) return [];
    busy.current = true;
    setRunning(true);
    setResults(null);
    const outcomes: BulkResult[] = [];
    try {
      for (const [index, { target, body }] of jobs.entries()) {
        setProgress({ current: index + 1, total: jobs.length });
        try {
          const answer = await publish.mutateAsync(body);
          outcomes.push({ productId: target.productId, title: target.title, ok: true, itemId: answer.listing.itemId });
        } catch (e) {
          const message = errorMessage(e, 'No se pudo publicar en Mercado Libre');
          outcomes.push({ productId: target.productId, title: target.title, ok: false, message });
        }
      }
    } finally {
      busy.current = false;
      setRunning(false);
      setProgress(null);
      setResults([...keep, ...outcomes]);
    }
    return outcomes;
  }

  return { run, running, progress, results, clear: () => setResults(null) };
}
