import { useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { addChips, splitEntries } from './delivery-model';

interface ChipInputProps {
  /** The field's label, e.g. "Barrios". */
  label: string;
  /** One entry, lower case, for the remove buttons: "barrio" → "Quitar barrio Centro". */
  noun: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** Entries with the same key are the same entry (accents, case). */
  keyOf: (value: string) => string;
  /** How an entry is stored (trimmed; postal codes in upper case). */
  clean: (value: string) => string;
  /** Why an entry cannot be added, or null. */
  check: (value: string) => string | null;
  max: number;
  tooMany: string;
  hint: string;
  placeholder?: string;
}

type Feedback = { kind: 'error' | 'info'; text: string } | null;

/**
 * A list of short entries typed as chips: Enter or a comma adds what was typed, a pasted list separated by commas
 * adds every entry, repeats are left out, and each chip has its own remove button.
 */
export function ChipInput({ label, noun, values, onChange, keyOf, clean, check, max, tooMany, hint, placeholder }: ChipInputProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [feedback, setFeedback] = useState<Feedback>(null);
  const input = useRef<HTMLInputElement>(null);

  /** Adds the entries; answers those refused, which stay in the input to be fixed. */
  function add(entries: string[]): string[] {
    const result = addChips(values, entries, { keyOf, clean, check, max, tooMany });
    if (result.values.length !== values.length) onChange(result.values);
    if (result.error) setFeedback({ kind: 'error', text: result.error });
    else if (result.repeated.length > 0) setFeedback({ kind: 'info', text: `Ya estaba en la lista: ${result.repeated.join(', ')}` });
    else setFeedback(null);
    return result.rejected;
  }

  function commit(value: string) {
    setText(add(splitEntries(value)).join(', '));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' && event.key !== ',') return;
    event.preventDefault();
    commit(text);
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData('text');
    if (!/[,;\n]/.test(pasted)) return;
    event.preventDefault();
    commit(`${text},${pasted}`);
  }

  function onTextChange(value: string) {
    setFeedback(null);
    // Keyboards that send no key code for the comma (some phones) still separate entries.
    const parts = value.split(/[,;\n]/);
    if (parts.length === 1) {
      setText(value);
      return;
    }
    const last = parts.pop() ?? '';
    const rejected = add(parts.map((part) => part.trim()).filter((part) => part !== ''));
    setText([...rejected, last.trimStart()].filter((part) => part !== '').join(', '));
  }

  const described = [`${id}-hint`, feedback?.kind === 'info' && `${id}-status`, feedback?.kind === 'error' && `${id}-error`];
  return (
    <div className="field chip-field">
      <label htmlFor={id}>{label}</label>
      {values.length > 0 ? (
        <ul className="chips" aria-label={`${label} cargados`}>
          {values.map((value, index) => (
            <li key={`${index}-${value}`} className="chip">
              <span>{value}</span>
              <button
                type="button"
                className="chip-remove"
                aria-label={`Quitar ${noun} ${value}`}
                title={`Quitar ${noun} ${value}`}
                onClick={() => {
                  setFeedback(null);
                  onChange(values.filter((_, i) => i !== index));
                  // The button goes away with its chip: typing goes on where entries are added.
                  input.current?.focus();
                }}
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={input}
        id={id}
        type="text"
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="enter"
        aria-describedby={described.filter(Boolean).join(' ')}
        aria-invalid={feedback?.kind === 'error' ? true : undefined}
        onChange={(e) => onTextChange(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={() => {
          if (text.trim() !== '') commit(text);
        }}
      />
      <p className="hint" id={`${id}-hint`}>
        {hint} ({values.length} de {max})
      </p>
      <p id={`${id}-status`} className="hint" role="status">
        {feedback?.kind === 'info' ? feedback.text : ''}
      </p>
      {feedback?.kind === 'error' && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {feedback.text}
        </p>
      )}
    </div>
  );
}
