import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ACCOUNT_MSG, accountCodeInputSchema, accountSessionInputSchema } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { FormField } from '@/components/form-parts';
import { requestCode, signIn } from '../api/account-api';
import { useAccountCache } from '../use-account';

export const CODE_LABEL = 'Código de 6 dígitos';

const issueOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? ACCOUNT_MSG.email);

/**
 * Signing in without a password: her e-mail, then the 6-digit code the shop sends to it. With `?email=` the address
 * comes filled in; with `&codigo=1` as well (the confirmation's "Guardar mis datos" already asked for the code) the
 * code field shows at once.
 */
export function SignIn() {
  const [params] = useSearchParams();
  const fromLink = params.get('email') ?? '';
  const codeAsked = params.get('codigo') === '1' && accountCodeInputSchema.safeParse({ email: fromLink }).success;
  const [email, setEmail] = useState(fromLink);
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'email' | 'code'>(codeAsked ? 'code' : 'email');
  const [sent, setSent] = useState(codeAsked);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const cache = useAccountCache();

  const askCode = async () => {
    const parsed = accountCodeInputSchema.safeParse({ email });
    const problem = issueOf(parsed);
    if (!parsed.success || problem) {
      setEmailError(problem);
      setStep('email');
      emailInput.current?.focus();
      return;
    }
    setBusy(true);
    setEmailError(null);
    setCodeError(null);
    try {
      await requestCode(parsed.data.email);
      setSent(true);
      setCode('');
      setStep('code');
      window.setTimeout(() => codeInput.current?.focus(), 0);
    } catch (error) {
      if (step === 'code') setCodeError(errorMessage(error));
      else setEmailError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    void askCode();
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = accountSessionInputSchema.safeParse({ email, code });
    if (!parsed.success) {
      setCodeError(parsed.error.issues.find((i) => i.path[0] === 'code')?.message ?? parsed.error.issues[0]?.message ?? ACCOUNT_MSG.code);
      codeInput.current?.focus();
      return;
    }
    setBusy(true);
    setCodeError(null);
    try {
      await signIn(parsed.data);
      await cache.signedIn();
      setBusy(false);
    } catch (error) {
      setCodeError(errorMessage(error));
      setBusy(false);
      codeInput.current?.focus();
    }
  };

  return (
    <div className="account-sign-in" data-testid="account-sign-in">
      <p className="muted">Entrá con tu e-mail: te enviamos un código de 6 dígitos, sin contraseñas.</p>
      <form className="account-form" onSubmit={submitEmail} noValidate aria-label="Pedir un código">
        <FormField id="account-email" label="Tu e-mail">
          <input
            ref={emailInput}
            id="account-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={200}
            value={email}
            readOnly={step === 'code'}
            onChange={(event) => {
              setEmail(event.target.value);
              setEmailError(null);
            }}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? 'account-email-error' : undefined}
          />
          {emailError && (
            <p id="account-email-error" className="field-error" role="alert">
              {emailError}
            </p>
          )}
        </FormField>
        {step === 'email' ? (
          <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy}>
            Enviarme un código
          </button>
        ) : (
          <button
            type="button"
            className="btn btn--link"
            onClick={() => {
              setStep('email');
              setSent(false);
              setCodeError(null);
              window.setTimeout(() => emailInput.current?.focus(), 0);
            }}
          >
            Usar otro e-mail
          </button>
        )}
      </form>
      <p className="account-status" role="status" data-testid="account-code-status">
        {sent ? ACCOUNT_MSG.codeSent : ''}
      </p>
      {step === 'code' && (
        <form className="account-form" onSubmit={(event) => void submitCode(event)} noValidate aria-label="Entrar con el código">
          <FormField id="account-code" label={CODE_LABEL}>
            <input
              ref={codeInput}
              id="account-code"
              className="account-code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => {
                setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
                setCodeError(null);
              }}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? 'account-code-error' : undefined}
            />
            {codeError && (
              <p id="account-code-error" className="field-error" role="alert" data-testid="account-code-error">
                {codeError}
              </p>
            )}
          </FormField>
          <div className="account-actions">
            <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy}>
              Entrar
            </button>
            <button type="button" className="btn btn--outline" disabled={busy} onClick={() => void askCode()}>
              Pedir otro código
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
