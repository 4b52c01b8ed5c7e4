import { currentGeneration, ensureFreshCatalogue } from './catalogue-version';

/**
 * What a report counted, kept while the catalogue's generation stays the same: every stock move (an order, a cancel,
 * a return, an import, a purchase) and every change of products or content starts a new generation, so a kept count
 * is never older than the orders and movements it read (another process's writes within about a second, as the
 * catalogue's own cached answers). The owner reading one report after another, or paging, does not count a year of
 * orders again. At most `size` counts are kept (the oldest go first); a failed count is not kept. With `maxAgeMs`, a
 * count is also counted again once that old (what changes the database behind the shop's back shows within it).
 */
export class GenerationMemo<T> {
  private generation = -1;
  private readonly kept = new Map<string, { at: number; counting: Promise<T> }>();

  constructor(
    private readonly size: number,
    private readonly maxAgeMs = Number.POSITIVE_INFINITY,
  ) {}

  async get(key: string, count: () => Promise<T>): Promise<T> {
    await ensureFreshCatalogue();
    const generation = currentGeneration();
    if (generation !== this.generation) {
      this.kept.clear();
      this.generation = generation;
    }
    const hit = this.kept.get(key);
    if (hit && Date.now() - hit.at < this.maxAgeMs) return hit.counting;
    this.kept.delete(key);
    const counting = count();
    if (this.kept.size >= this.size) this.kept.delete(this.kept.keys().next().value!);
    const entry = { at: Date.now(), counting };
    this.kept.set(key, entry);
    counting.catch(() => {
      if (this.kept.get(key) === entry) this.kept.delete(key);
    });
    return counting;
  }
}
