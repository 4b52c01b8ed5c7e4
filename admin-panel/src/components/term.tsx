import type { ReactNode } from 'react';
import { formatPrice } from '@shop/shared';

interface TermProps {
  /** What the value is: 'Subtotal'. */
  name: ReactNode;
  /** The class of both the name and the value ('grand' for the total). */
  className?: string;
  /** The value's test id. */
  testId?: string;
  children: ReactNode;
}

/** One entry of a description list (a totals list): its name, then its value. */
export function Term({ name, className, testId, children }: TermProps) {
  return (
    <>
      <dt className={className}>{name}</dt>
      <dd className={className} data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

/** The cash payment's surcharge in a totals list, when there is one. */
export function CashFeeTerm({ fee }: { fee: number }) {
  if (fee <= 0) return null;
  return <Term name="Recargo pago en efectivo">{formatPrice(fee)}</Term>;
}
