import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { REVIEW_FITS, REVIEW_LIMITS, REVIEW_MSG, reviewInputSchema, type ReviewInvitationAnswer } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { FormField, ErrorNotice } from '@/components/form-parts';
import { useCreateReview } from '../api/review-invitation';
import { FitChoice, STAR_VALUES, StarsChoice } from './review-choices';
import { ReviewPhotoPicker } from './review-photo-picker';

/** What she fills in: the shared schema's optional texts, and the stars and the fit with their Spanish errors. */
const reviewFormSchema = reviewInputSchema.pick({ title: true, text: true, usualSize: true }).extend({
  stars: z.enum(STAR_VALUES, { error: REVIEW_MSG.stars }),
  fit: z.enum(REVIEW_FITS, { error: REVIEW_MSG.fit }),
});
type FormValues = z.input<typeof reviewFormSchema>;
type FormOutput = z.output<typeof reviewFormSchema>;
type TextField = 'title' | 'text' | 'usualSize';

type InvitationLine = ReviewInvitationAnswer['lines'][number];

interface ReviewFormProps {
  token: string;
  line: InvitationLine;
  /** The ids of the line's heading and variant, which name the form. */
  labelledBy: string;
  /** The server's thanks (201). */
  onDone: (message: string) => void;
}

const filled = (value: string | undefined) => (value ? value.trim() : '');

/**
 * One order line's review: stars and fit required, title, text, usual size and up to 3 photos optional. Keeps what she
 * typed (and chose) on a refusal.
 */
export function ReviewForm({ token, line, labelledBy, onDone }: ReviewFormProps) {
  const create = useCreateReview();
  const [sendError, setSendError] = useState<string | null>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const { register, handleSubmit, formState, control } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: { title: '', text: '', usualSize: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const stars = useWatch({ control, name: 'stars' });
  const text = useWatch({ control, name: 'text' }) ?? '';
  const prefix = `review-${line.index}`;
  const clearSendError = { onChange: () => setSendError(null) };

  const submit = handleSubmit((values) => {
    setSendError(null);
    const title = filled(values.title);
    const body = filled(values.text);
    const usualSize = filled(values.usualSize);
    create.mutate(
      {
        token,
        orderLine: line.index,
        stars: Number(values.stars),
        fit: values.fit,
        ...(title ? { title } : {}),
        ...(body ? { text: body } : {}),
        ...(usualSize ? { usualSize } : {}),
        photos,
      },
      { onSuccess: (answer) => onDone(answer.message), onError: (error) => setSendError(errorMessage(error)) },
    );
  });

  const textField = (name: TextField, describedBy?: string) => {
    const error = formState.errors[name]?.message;
    return {
      ...register(name, clearSendError),
      id: `${prefix}-${name}`,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [error ? `${prefix}-${name}-error` : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined,
    };
  };
  const fieldError = (name: TextField) => {
    const error = formState.errors[name]?.message;
    return error ? (
      <p id={`${prefix}-${name}-error`} className="field-error">
        {error}
      </p>
    ) : null;
  };

  return (
    <form
      className="review-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={labelledBy}
      data-testid="review-form"
    >
      <StarsChoice idPrefix={prefix} field={register('stars', clearSendError)} error={formState.errors.stars?.message} value={stars} />
      <FitChoice idPrefix={prefix} field={register('fit', clearSendError)} error={formState.errors.fit?.message} size={line.size} />
      <FormField id={`${prefix}-title`} label="Título (opcional)">
        <input {...textField('title')} type="text" maxLength={REVIEW_LIMITS.title} placeholder="Ej.: Muy cómodo" />
        {fieldError('title')}
      </FormField>
      <FormField id={`${prefix}-text`} label="Tu opinión (opcional)">
        <textarea {...textField('text', `${prefix}-text-count`)} rows={4} maxLength={REVIEW_LIMITS.text} />
        <p id={`${prefix}-text-count`} className="review-form__count muted small" data-testid="text-count">
          <span aria-hidden="true">
            {text.length}/{REVIEW_LIMITS.text}
          </span>
          <span className="visually-hidden">
            {text.length} de {REVIEW_LIMITS.text} caracteres
          </span>
        </p>
        {fieldError('text')}
      </FormField>
      <FormField id={`${prefix}-usualSize`} label="Tu talle habitual (opcional)">
        <input {...textField('usualSize', `${prefix}-usualSize-hint`)} type="text" maxLength={REVIEW_LIMITS.usualSize} />
        <p id={`${prefix}-usualSize-hint`} className="muted small review-form__hint">
          El que solés usar en otras marcas: ayuda a otras clientas a elegir.
        </p>
        {fieldError('usualSize')}
      </FormField>
      <ReviewPhotoPicker
        idPrefix={prefix}
        files={photos}
        onChange={(files) => {
          setSendError(null);
          setPhotos(files);
        }}
      />
      <ErrorNotice error={sendError} />
      <button
        type="submit"
        className="btn btn--primary review-form__send"
        disabled={create.isPending}
        aria-busy={create.isPending || undefined}
      >
        {create.isPending ? 'Enviando...' : 'Enviar opinión'}
      </button>
    </form>
  );
}
