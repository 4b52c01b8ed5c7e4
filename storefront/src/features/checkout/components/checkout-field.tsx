import type { InputHTMLAttributes } from 'react';
import { FormField } from '@/components/form-parts';
import { checkoutFieldProps, type CheckoutField as Field, type CheckoutForm } from '../use-checkout-form';

interface CheckoutFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'form'> {
  form: CheckoutForm;
  field: Field;
  label: string;
  full?: boolean;
  /** A three-row textarea instead of an input. */
  multiline?: boolean;
}

/** A labelled text field of the checkout with its error below it (linked through aria-describedby). */
export function CheckoutField({ form, field, label, full = false, multiline = false, ...inputProps }: CheckoutFieldProps) {
  const props = checkoutFieldProps(form, field);
  const error = form.formState.errors[field]?.message;
  return (
    <FormField id={props.id} label={label} className={full ? 'field field--full' : 'field'}>
      {multiline ? <textarea {...props} rows={3} /> : <input {...props} {...inputProps} />}
      {error && (
        <p id={`checkout-${field}-error`} className="field-error">
          {error}
        </p>
      )}
    </FormField>
  );
}
