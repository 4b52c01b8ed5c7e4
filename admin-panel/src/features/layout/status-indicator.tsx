import type { Dispatch, SetStateAction } from 'react';
import { forwardRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Activity } from 'lucide-react';
import { goLiveProgress } from '@shop/shared';
import { goLiveQueries } from './api/go-live';
import { healthQueries } from './api/get-health';

/**
 * What needs attention in the status panel: the server when a part of it fails or it does not answer, and each
 * missing line of the owner's go-live checklist (or the checklist itself when it cannot be read). The same queries
 * as the panel's cards, so no extra request.
 */
export function useAttentionCount(withChecklist: boolean): number {
  const health = useQuery(healthQueries.status());
  const checklist = useQuery({ ...goLiveQueries.checklist(), enabled: withChecklist });
  const body = health.data ? health.data.body : undefined;
  const serverFails = health.data !== undefined && (body === null || body?.status !== 'ok');
  let missing = 0;
  if (withChecklist && checklist.data) {
    const progress = goLiveProgress(checklist.data.items);
    missing = progress.applicable - progress.ready;
  } else if (withChecklist && checklist.isError) missing = 1;
  return (serverFails ? 1 : 0) + missing;
}

/** "Sin avisos", "1 aviso", "3 avisos". */
export function attentionText(count: number): string {
  if (count === 0) return 'Sin avisos';
  return count === 1 ? '1 aviso' : `${count} avisos`;
}

interface StatusIndicatorProps {
  open: boolean;
  setOpen: Dispatch<SetStateAction<boolean>>;
  /** The id of the status panel it opens. */
  controls: string;
  /** Whether the owner's go-live checklist is in the panel (its missing lines count). */
  withChecklist: boolean;
}

/**
 * Phones (under 640 px): the status panel shrinks to this button of the top bar, with the count of what needs
 * attention; it opens and closes the panel (Escape closes it too, see AdminLayout). Hidden on wider screens, where
 * the panel is always shown.
 */
export const StatusIndicator = forwardRef<HTMLButtonElement, StatusIndicatorProps>(function StatusIndicator(
  { open, setOpen, controls, withChecklist },
  ref,
) {
  const count = useAttentionCount(withChecklist);
  const text = attentionText(count);
  return (
    <button
      ref={ref}
      type="button"
      className={`status-indicator${count > 0 ? ' status-indicator-alert' : ''}`}
      onClick={() => setOpen((v) => !v)}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={`Estado del Sistema: ${text}`}
      title="Estado del Sistema"
      data-testid="status-indicator"
    >
      <Activity size={18} aria-hidden="true" />
      <span className="status-indicator-count" aria-hidden="true">
        {count}
      </span>
    </button>
  );
});
