import { useState } from 'react';
import { errorMessage } from '@shop/client-kit';

/**
 * What a section sends to the server, one action at a time: busy while it runs (its buttons wait), and the message of
 * its last failure (cleared when it runs again).
 */
export function useBusyAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run, clearError: () => setError(null) };
}
