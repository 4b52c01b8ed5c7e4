import { currentGeneration, ensureFreshCatalogue } from '../catalogue';

/**
 * What a report counted, kept while the catalogue's generation stays the same: every stock move (an order, a cancel,
 * a return, an import, a purchase) and every change of products or content starts a new generation, so a kept count
 * is never older than the orders and movements it read (another process's writes within about a second, as the
 * catalogue's own cached answers). The owner reading one report after another, or paging, does not count a year of
 * orders again. At most `size` counts are kept (the oldest go first); a failed count is not kept.
 */
export class GenerationMemo<T> {
  private generation = -1;
  private readonly kept = new Map<string, Promise<T>>();

  constructor(private readonly size: number) {}

  async get(key: string, count: () => Promise<T>): Promise<T> {
    await ensureFreshCatalogue();
    const generation = currentGeneration();
    if (generation !== this.generation) {
      this.kept.clear();
      this.generation = generation;
    }
    const hit = this.kept.get(key);
    if (hit) return hit;
    const counting = count();
    if (this.kept.size >= this.size) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, counting);
    counting.catch(() => {
      if (this.kept.get(key) === counting) this.kept.delete(key);
    });
    return counting;
  }
}
