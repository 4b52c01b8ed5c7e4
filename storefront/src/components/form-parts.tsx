import type { FormEvent, ReactNode } from 'react';

interface LabelledFormProps {
  className: string;
  /** The id of the form's heading, which names the form. */
  titleId: string;
  testId: string;
  /** react-hook-form's `handleSubmit(...)`: the schema's messages show instead of the browser's own validation. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}

/** A form of the shop named by its heading, checked by its schema on submit. */
export function LabelledForm({ className, titleId, testId, onSubmit, children }: LabelledFormProps) {
  return (
    <form className={className} onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={titleId} data-testid={testId}>
      {children}
    </form>
  );
}

interface FormFieldProps {
  /** The control's id, which the label points at. */
  id: string;
  label: string;
  /** A star after the label (hidden from screen readers: the control itself says it is required). */
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/** A field's label above its control and whatever goes under it (its error, a hint). */
export function FormField({ id, label, required = false, className = 'field', children }: FormFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
    </div>
  );
}

/** A failure said at once to screen readers (role="alert"), or nothing when there is none. */
export function ErrorNotice({ error, testId }: { error: string | null | undefined; testId?: string }) {
  if (!error) return null;
  return (
    <p className="notice notice--error" role="alert" data-testid={testId}>
      {error}
    </p>
  );
}
