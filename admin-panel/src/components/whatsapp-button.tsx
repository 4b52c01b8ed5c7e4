import { MessageCircle } from 'lucide-react';

interface WhatsappButtonProps {
  /** The chat with its message already written; null when the phone cannot be an Argentine mobile. */
  href: string | null;
  /** Why there is no chat, beside the disabled button, and its id. */
  why: { id: string; text: string };
  label?: string;
  className?: string;
  testId: string;
}

/** A link opening a WhatsApp chat with the shopper; without one, the button disabled with the reason beside it. */
export function WhatsappButton({
  href,
  why,
  label = 'Escribir por WhatsApp',
  className = 'btn btn-whatsapp',
  testId,
}: WhatsappButtonProps) {
  if (href === null) {
    return (
      <span className="whatsapp-off">
        <button type="button" className={className} disabled aria-describedby={why.id}>
          <MessageCircle size={16} aria-hidden="true" /> {label}
        </button>
        <small id={why.id} className="hint">
          {why.text}
        </small>
      </span>
    );
  }
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer" data-testid={testId}>
      <MessageCircle size={16} aria-hidden="true" /> {label}
    </a>
  );
}
