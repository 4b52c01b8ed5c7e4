import { RefreshCw } from 'lucide-react';

interface RefreshButtonProps {
  /** Fetching again: the icon turns and the button waits. */
  busy: boolean;
  onClick: () => void;
}

/** 'Actualizar': asks the server again for what the page shows. */
export function RefreshButton({ busy, onClick }: RefreshButtonProps) {
  return (
    <button type="button" className="btn btn-secondary" onClick={onClick} disabled={busy}>
      <RefreshCw size={16} aria-hidden="true" className={busy ? 'spin' : undefined} /> Actualizar
    </button>
  );
}
