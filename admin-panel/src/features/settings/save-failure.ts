import { ApiError } from '@shop/client-kit';
import type { TimedMessage } from '@/hooks/use-timed-message';

/** The banner for a failed save: the server's own words when it answered, else the form's fallback. */
export function saveFailure(error: unknown, fallback: string): TimedMessage {
  return { kind: 'error', text: error instanceof ApiError && error.status !== undefined ? error.message : fallback };
}
