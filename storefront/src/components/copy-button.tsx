import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';

interface CopyButtonProps {
  value: string;
  /** How long '¡Copiado!' stays (1.5 s in checkout, 2 s for the order number). */
  resetMs: number;
  label?: string;
}

export function CopyButton({ value, resetMs, label }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), resetMs);
    return () => window.clearTimeout(timer);
  }, [copied, resetMs]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // Clipboard unavailable (insecure context): select-and-copy by hand still works.
      setCopied(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn--ghost btn--sm copy-btn"
      onClick={() => void copy()}
      aria-label={label ? `${copied ? '¡Copiado!' : 'Copiar'} ${label}` : undefined}
    >
      {copied ? <Check size={14} aria-hidden="true" /> : <Copy size={14} aria-hidden="true" />}
      <span aria-live="polite">{copied ? '¡Copiado!' : 'Copiar'}</span>
    </button>
  );
}
