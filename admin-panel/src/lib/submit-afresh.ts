import type { FormEvent } from 'react';

/**
 * A form's `onSubmit`: forgets the last attempt's failure (`clear`), then validates and sends (`submit`, react-hook-form's
 * `handleSubmit`).
 */
export function submitAfresh(clear: () => void, submit: (event: FormEvent) => Promise<void>) {
  return (event: FormEvent) => {
    clear();
    void submit(event);
  };
}
