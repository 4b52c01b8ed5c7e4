/**
 * At most `size` pieces of work at once, the others started in the order they asked (first come, first served); a
 * size of 0 or less is no limit. A piece that fails gives its place back like one that succeeds. One that waited
 * `maxWaitMs` without a place leaves the line and fails with `SlotWaitExpired`, never started. The server admits its
 * checkouts' write transactions through one (issue 64: a few at a time keep a PostgreSQL checkout's locks short).
 */
export interface FirstComeSlots {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Pieces running now, and waiting for a place. */
  readonly busy: number;
  readonly waiting: number;
}

/** A piece of work that waited its whole `maxWaitMs` in line: it was not started. */
export class SlotWaitExpired extends Error {
  constructor(waitedMs: number) {
    super(`no place within ${waitedMs} ms`);
    this.name = 'SlotWaitExpired';
  }
}

export function firstComeSlots(size: number, maxWaitMs = Number.POSITIVE_INFINITY): FirstComeSlots {
  let busy = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    // The place goes straight to the first in line: nobody arriving now can take it first.
    if (next) next();
    else busy -= 1;
  };
  const place = () =>
    new Promise<void>((resolve, reject) => {
      const enter = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = Number.isFinite(maxWaitMs)
        ? setTimeout(() => {
            queue.splice(queue.indexOf(enter), 1);
            reject(new SlotWaitExpired(maxWaitMs));
          }, maxWaitMs)
        : undefined;
      queue.push(enter);
    });
  return {
    async run(work) {
      if (!(size > 0)) return work();
      if (busy < size) busy += 1;
      else await place();
      try {
        return await work();
      } finally {
        release();
      }
    },
    get busy() {
      return busy;
    },
    get waiting() {
      return queue.length;
    },
  };
}
