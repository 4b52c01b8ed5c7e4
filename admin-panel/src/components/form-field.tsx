import type { ReactNode } from 'react';

/** The star after a required field's label (hidden from screen readers: the input is `required`). */
export function RequiredMark() {
  return (
    <span className="required" aria-hidden="true">
      *
    </span>
  );
}

interface FormFieldProps {
  id: string;
  label: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/** A labelled form field: the label (with its star when required) above the control. */
export function FormField({ id, label, required = false, className = 'field', children }: FormFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id}>
        {label}
        {required && (
          <>
            {' '}
            <RequiredMark />
          </>
        )}
      </label>
      {children}
    </div>
  );
}
