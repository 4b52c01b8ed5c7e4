import type { TimedMessage } from '@/hooks/use-timed-message';
import { Banner } from './feedback';

/** The banner of a `useTimedMessage()`, closable; nothing while there is no message. */
export function NoticeBanner({ notice }: { notice: { message: TimedMessage | null; clear: () => void } }) {
  if (!notice.message) return null;
  return (
    <Banner kind={notice.message.kind} onClose={notice.clear}>
      {notice.message.text}
    </Banner>
  );
}
