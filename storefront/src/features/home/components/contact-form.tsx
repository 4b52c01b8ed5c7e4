import { useEffect, useState } from 'react';
import { useForm, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactInputSchema, LIMITS, MSG } from '@shop/shared';
import type { z } from 'zod';
import { FormField, LabelledForm } from '@/components/form-parts';
import { PrivacyNotice } from '@/features/legal';
import { useSendContact } from '../api/send-contact';

interface ContactFormProps {
  title: string;
  description: string;
  responseMessage: string;
  disclaimer: string;
}

type ContactValues = z.input<typeof contactInputSchema>;
type ContactInput = z.output<typeof contactInputSchema>;
const EMPTY: ContactValues = { name: '', email: '', phone: '', subject: '', message: '' };
const DEFAULT_SUCCESS = '¡Gracias por tu mensaje! Te responderemos a la brevedad.';

/** The form shows one message: a missing starred field first, else the schema's first complaint. */
function formMessage(errors: FieldErrors<ContactValues>): string | null {
  const messages = Object.values(errors).flatMap((error) => (error?.message ? [error.message] : []));
  if (messages.includes(MSG.contact.required)) return MSG.contact.required;
  return messages[0] ?? null;
}

export function ContactForm({ title, description, responseMessage, disclaimer }: ContactFormProps) {
  const [sendError, setSendError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const send = useSendContact();
  const { register, handleSubmit, reset, clearErrors, formState } = useForm<ContactValues, unknown, ContactInput>({
    resolver: zodResolver(contactInputSchema),
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => setSuccess(false), LIMITS.contactSuccessMs);
    return () => window.clearTimeout(timer);
  }, [success]);

  // Any edit clears the message until the next submit.
  const field = (name: keyof ContactValues): UseFormRegisterReturn & { id: string } => ({
    ...register(name, {
      onChange: () => {
        clearErrors();
        setSendError(null);
      },
    }),
    id: `contact-${name}`,
  });

  const submit = handleSubmit((input) => {
    setSendError(null);
    send.mutate(
      { ...input, phone: input.phone || undefined },
      {
        onSuccess: () => {
          reset(EMPTY);
          setSuccess(true);
        },
        onError: () => setSendError(MSG.contact.error),
      },
    );
  });
  const error = formMessage(formState.errors) ?? sendError;

  return (
    <LabelledForm className="card contact-form" titleId="contact-form-title" testId="contact-form" onSubmit={submit}>
      <h3 id="contact-form-title">{title || 'Envíanos un mensaje'}</h3>
      {description && <p className="muted">{description}</p>}
      <div className="form-grid">
        <FormField id="contact-name" label="Nombre" required>
          <input {...field('name')} type="text" aria-required autoComplete="name" />
        </FormField>
        <FormField id="contact-email" label="Email" required>
          <input {...field('email')} type="email" aria-required autoComplete="email" />
        </FormField>
        <FormField id="contact-phone" label="Teléfono">
          <input {...field('phone')} type="tel" autoComplete="tel" />
        </FormField>
        <FormField id="contact-subject" label="Asunto" required>
          <input {...field('subject')} type="text" aria-required />
        </FormField>
      </div>
      <FormField id="contact-message" label="Mensaje" required>
        <textarea {...field('message')} rows={5} aria-required />
      </FormField>
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
      <PrivacyNotice purpose="responder tu mensaje" />
    </LabelledForm>
  );
}
