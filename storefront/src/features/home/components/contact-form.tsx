import { useEffect, useState, type FormEvent } from 'react';
import { contactInputSchema, LIMITS, MSG } from '@shop/shared';
import { useSendContact } from '../api/send-contact';

interface ContactFormProps {
  title: string;
  description: string;
  responseMessage: string;
  disclaimer: string;
}

const EMPTY = { name: '', email: '', phone: '', subject: '', message: '' };
type Field = keyof typeof EMPTY;
const DEFAULT_SUCCESS = '¡Gracias por tu mensaje! Te responderemos a la brevedad.';

export function ContactForm({ title, description, responseMessage, disclaimer }: ContactFormProps) {
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const send = useSendContact();

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => setSuccess(false), LIMITS.contactSuccessMs);
    return () => window.clearTimeout(timer);
  }, [success]);

  const update = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const required: Field[] = ['name', 'email', 'subject', 'message'];
    if (required.some((f) => values[f].trim() === '')) {
      setError(MSG.contact.required);
      return;
    }
    const parsed = contactInputSchema.safeParse({ ...values, phone: values.phone || undefined });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MSG.contact.required);
      return;
    }
    send.mutate(parsed.data, {
      onSuccess: () => {
        setValues(EMPTY);
        setSuccess(true);
      },
      onError: () => setError(MSG.contact.error),
    });
  };

  const input = (field: Field, label: string, options: { type?: string; required?: boolean; autoComplete?: string } = {}) => (
    <div className="field">
      <label htmlFor={`contact-${field}`}>
        {label}
        {options.required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={`contact-${field}`}
        name={field}
        type={options.type ?? 'text'}
        value={values[field]}
        onChange={(event) => update(field, event.target.value)}
        aria-required={options.required}
        autoComplete={options.autoComplete}
      />
    </div>
  );

  return (
    <form className="card contact-form" onSubmit={submit} noValidate aria-labelledby="contact-form-title" data-testid="contact-form">
      <h3 id="contact-form-title">{title || 'Envíanos un mensaje'}</h3>
      {description && <p className="muted">{description}</p>}
      <div className="form-grid">
        {input('name', 'Nombre', { required: true, autoComplete: 'name' })}
        {input('email', 'Email', { type: 'email', required: true, autoComplete: 'email' })}
        {input('phone', 'Teléfono', { type: 'tel', autoComplete: 'tel' })}
        {input('subject', 'Asunto', { required: true })}
      </div>
      <div className="field">
        <label htmlFor="contact-message">
          Mensaje<span aria-hidden="true"> *</span>
        </label>
        <textarea
          id="contact-message"
          name="message"
          rows={5}
          value={values.message}
          onChange={(event) => update('message', event.target.value)}
          aria-required
        />
      </div>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {success && (
        <p className="notice notice--success" role="status">
          {responseMessage || DEFAULT_SUCCESS}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={send.isPending}>
        {send.isPending ? 'Enviando...' : 'Enviar mensaje'}
      </button>
      {disclaimer && <p className="muted small">{disclaimer}</p>}
    </form>
  );
}
