import { currentGeneration } from './catalogue-version';
import type { CachedAnswer } from '../../utils/answer-cache';

/**
 * Answers kept in memory (the public catalogue, page heads, feeds), each cache emptied whenever the catalogue
 * changes (the subscriber of 'catalogue.changed' calls `clearAnswerCaches`, bootstrap/subscribers.ts) and holding a
 * bounded number of answers: the oldest go first, so endless distinct queries (random search terms) cannot grow
 * memory.
 */
const caches = new Set<AnswerCache>();

/** Empties every answer cache of this process. */
export function clearAnswerCaches(): void {
  for (const cache of caches) cache.clear();
}

export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly building = new Map<string, Promise<CachedAnswer>>();

  constructor(private readonly maxEntries: number) {
    caches.add(this);
  }

  /** Empties the cache (every catalogue change: clearAnswerCaches). */
  clear(): void {
    this.entries.clear();
    this.building.clear();
  }

  get(key: string): CachedAnswer | undefined {
    return this.entries.get(key);
  }

  /** Keeps an answer built while the catalogue stayed at `generation` (an answer overtaken by a write is not kept). */
  set(key: string, answer: CachedAnswer, generation: number): void {
    if (generation !== currentGeneration()) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, answer);
  }

  /** The cached answer, or one built now (concurrent callers for the same key share one build). */
  async getOrBuild(key: string, build: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const running = this.building.get(key);
    if (running) return running;
    const generation = currentGeneration();
    const promise = build().then((answer) => {
      this.set(key, answer, generation);
      return answer;
    });
    this.building.set(key, promise);
    try {
      return await promise;
    } finally {
      if (this.building.get(key) === promise) this.building.delete(key);
    }
  }
}
