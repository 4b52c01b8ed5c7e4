import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BellRing } from 'lucide-react';
import { normalizeArgentinePhone, stockAlertInputSchema, WHATSAPP_MSG } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import type { z } from 'zod';
import { FormField, LabelledForm } from '@/components/form-parts';
import { PrivacyNotice } from '@/features/legal';
import { useCreateStockAlert } from '../api/create-stock-alert';

/** What the shopper fills in; the size is the one chosen on the page. Asked on WhatsApp too, the phone must be a mobile. */
const contactSchema = stockAlertInputSchema.omit({ size: true }).superRefine((values, ctx) => {
  if (values.whatsappOptIn && normalizeArgentinePhone(values.phone ?? '') === null)
    ctx.addIssue({ code: 'custom', path: ['phone'], message: WHATSAPP_MSG.badPhone });
});
type ContactValues = z.input<typeof contactSchema>;
type ContactInput = z.output<typeof contactSchema>;
type FieldName = keyof ContactValues;

interface StockAlertFormProps {
  productId: string;
  /** The sold-out size; undefined for a product without sizes. */
  size?: string;
  /** The colour of the sold-out variant; undefined for a product without colours. */
  color?: string;
}

/** "Avisame cuando vuelva": e-mail (and WhatsApp, optional) of a shopper who wants to hear when a sold-out size is back. */
export function StockAlertForm({ productId, size, color }: StockAlertFormProps) {
  const create = useCreateStockAlert();
  // The answer belongs to the colour and size it was asked for: choosing another sold-out one hides it.
  const [done, setDone] = useState<{ size?: string; color?: string; message: string } | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ContactValues, unknown, ContactInput>({
    resolver: zodResolver(contactSchema),
    defaultValues: { email: '', phone: '', whatsappOptIn: false },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const submit = handleSubmit((input) => {
    setSendError(null);
    setDone(null);
    create.mutate(
      {
        productId,
        input: {
          size,
          ...(color ? { color } : {}),
          email: input.email,
          phone: input.phone || undefined,
          ...(input.whatsappOptIn ? { whatsappOptIn: true } : {}),
        },
      },
      {
        onSuccess: (answer) => setDone({ size, color, message: answer.message }),
        onError: (error) => setSendError(errorMessage(error)),
      },
    );
  });

  const field = (name: FieldName) => {
    const error = formState.errors[name]?.message;
    return {
      ...register(name, { onChange: () => setSendError(null) }),
      id: `stock-alert-${name}`,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `stock-alert-${name}-error` : undefined,
    };
  };
  const fieldError = (name: FieldName) => {
    const error = formState.errors[name]?.message;
    return error ? (
      <p id={`stock-alert-${name}-error`} className="field-error">
        {error}
      </p>
    ) : null;
  };

  return (
    <LabelledForm className="stock-alert outlined-box" titleId="stock-alert-title" testId="stock-alert" onSubmit={submit}>
      <h2 id="stock-alert-title" className="stock-alert__title icon-heading">
        <BellRing size={18} aria-hidden="true" />
        Avisame cuando vuelva
      </h2>
      {color && (
        <p className="stock-alert__variant" data-testid="stock-alert-variant">
          {[color, size].filter(Boolean).join(' · ')}
        </p>
      )}
      <p className="muted small">
        {size ? `El talle ${size} está agotado.` : 'Este producto está agotado.'} Dejanos tu email y te avisamos cuando haya stock.
      </p>
      <div className="form-grid">
        <FormField id="stock-alert-email" label="E-mail" required>
          <input {...field('email')} type="email" aria-required autoComplete="email" inputMode="email" />
          {fieldError('email')}
        </FormField>
        <FormField id="stock-alert-phone" label="WhatsApp (opcional)">
          <input {...field('phone')} type="tel" autoComplete="tel" inputMode="tel" />
          {fieldError('phone')}
        </FormField>
      </div>
      <label className="stock-alert__optin">
        <input type="checkbox" {...register('whatsappOptIn')} data-testid="stock-alert-whatsapp" /> Avisame también por WhatsApp
      </label>
      {sendError && (
        <p className="notice notice--error" role="alert">
          {sendError}
        </p>
      )}
      {/* Always there, so that screen readers announce the answer when it arrives. */}
      <div role="status" aria-live="polite">
        {done && done.size === size && done.color === color && <p className="notice notice--success">{done.message}</p>}
      </div>
      <button type="submit" className="btn btn--outline" disabled={create.isPending} aria-busy={create.isPending || undefined}>
        {create.isPending ? 'Enviando...' : 'Avisame'}
      </button>
      <PrivacyNotice purpose="avisarte una vez cuando vuelva este talle; después se borran" />
    </LabelledForm>
  );
}
