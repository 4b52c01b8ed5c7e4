import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import type { PathValue } from 'react-hook-form';
import type { CheckoutForm, CheckoutValues } from '../use-checkout-form';

interface ChoiceOptionProps {
  name: string;
  value: string;
  checked: boolean;
  onChoose: () => void;
  icon: LucideIcon;
  title: string;
  /** The option's description lines (each an `option__text` span). */
  children: ReactNode;
  price?: ReactNode;
}

/** One radio card of the checkout (delivery or payment choice). */
export function ChoiceOption({ name, value, checked, onChoose, icon: Icon, title, children, price }: ChoiceOptionProps) {
  return (
    <label className={`option ${checked ? 'option--active' : ''}`}>
      <input type="radio" name={name} value={value} checked={checked} onChange={onChoose} />
      <Icon size={22} aria-hidden="true" className="option__icon" />
      <span className="option__body">
        <span className="option__title">{title}</span>
        {children}
      </span>
      {price !== undefined && <span className="option__price">{price}</span>}
    </label>
  );
}

/** The radio wiring of one choice of the form's `deliveryType` or `paymentMethod`. */
export function choiceProps<F extends 'deliveryType' | 'paymentMethod'>(form: CheckoutForm, field: F, value: PathValue<CheckoutValues, F>) {
  return { name: field, value, checked: form.watch(field) === value, onChoose: () => form.setValue(field, value) };
}
