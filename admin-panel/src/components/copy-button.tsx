import type { RefObject } from 'react';
import { Copy } from 'lucide-react';
import { LIMITS } from '@shop/shared';
import { useTimedMessage } from '@/hooks/use-timed-message';

interface CopyButtonProps {
  /** What goes to the clipboard. */
  text: string;
  /** What is copied, for the button's accessible name and the confirmation: 'la contraseña temporal'. */
  what: string;
  /** The dialog's first focus (the Modal focuses `[data-autofocus]`). */
  autoFocus?: boolean;
  /** What the confirmation says ('Copiado' unless given: 'Enlace copiado'). */
  copiedText?: string;
  /** The field showing the text: when the clipboard cannot be used, its text is selected to copy by hand. */
  field?: RefObject<HTMLInputElement | null>;
}

/** 'Copiar': puts a text on the clipboard and says whether it worked (beside the button, read out politely). */
export function CopyButton({ text, what, autoFocus = false, copiedText = 'Copiado', field }: CopyButtonProps) {
  const status = useTimedMessage();

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('clipboard');
      await navigator.clipboard.writeText(text);
      status.show({ kind: 'success', text: copiedText }, LIMITS.bannerMs);
    } catch {
      const input = field?.current;
      if (input) {
        input.focus();
        input.select();
        status.show({ kind: 'error', text: 'No se pudo copiar solo: el texto quedó seleccionado, copialo con Ctrl+C (o ⌘+C).' });
        return;
      }
      status.show({ kind: 'error', text: 'No se pudo copiar: seleccioná el texto y copialo a mano.' });
    }
  }

  return (
    <span className="copy-action">
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        onClick={() => void copy()}
        aria-label={`Copiar ${what}`}
        data-autofocus={autoFocus ? true : undefined}
      >
        <Copy size={16} aria-hidden="true" /> Copiar
      </button>
      <span className={status.message?.kind === 'error' ? 'copy-status error' : 'copy-status'} role="status" aria-live="polite">
        {status.message?.text ?? ''}
      </span>
    </span>
  );
}
