import { useRef, type ReactNode, type RefObject } from 'react';
import { useModalDialog } from '@/lib/use-modal-dialog';

interface ModalFrameProps {
  /** Added to `modal`. */
  className: string;
  labelledBy: string;
  describedBy?: string;
  testId: string;
  /** What has the focus when it opens. */
  initialFocus: RefObject<HTMLElement | null>;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal dialog's frame: the backdrop (a click on it closes), the dialog with its name (and description), and the
 * keyboard contract of useModalDialog (focus in, Tab wraps, Escape closes, focus back).
 */
export function ModalFrame({ className, labelledBy, describedBy, testId, initialFocus, onClose, children }: ModalFrameProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  useModalDialog(dialogRef, initialFocus, onClose);
  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div
        ref={dialogRef}
        className={`modal ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        onClick={(event) => event.stopPropagation()}
        data-testid={testId}
      >
        {children}
      </div>
    </div>
  );
}
