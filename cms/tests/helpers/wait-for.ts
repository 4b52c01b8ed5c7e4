export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads again every `everyMs` until `done` accepts the value, and gives that value; after `timeoutMs` it throws with
 * what it last read.
 */
export async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs, everyMs }: { timeoutMs: number; everyMs: number },
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(everyMs);
    value = await read();
  }
  return value;
}
