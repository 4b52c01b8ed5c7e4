import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Undo2 } from 'lucide-react';
import {
  WITHDRAWAL_CODE_PATTERN,
  WITHDRAWAL_DAYS,
  WITHDRAWAL_MESSAGES,
  trackingContactProblem,
  withdrawalStatusLabel,
  type WithdrawalAnswer,
} from '@shop/shared';
import { CopyButton } from '@/components/copy-button';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { PrivacyNotice } from '@/features/legal';
import { useCreateWithdrawal, useWithdrawalStatus } from '../api/withdrawals';

const CONTACT_LABEL = 'E-mail o teléfono de la compra';
/** What the order number and contact are for (Ley 25.326), in the line under the form. */
export const WITHDRAWAL_PRIVACY_PURPOSE = 'identificar la compra, registrar tu arrepentimiento y responderte';

const problemOf = (error: unknown) => (error instanceof Error ? error.message : 'No pudimos completar el pedido. Probá de nuevo.');

/** Her code and what follows, read to screen readers as soon as it appears. */
function WithdrawalResult({ answer }: { answer: WithdrawalAnswer }) {
  return (
    <div className="withdrawal-result" role="status" data-testid="withdrawal-result">
      <p className="withdrawal-result__label">Tu código de arrepentimiento</p>
      <p className="withdrawal-result__code" data-testid="withdrawal-code">
        {answer.code}
      </p>
      <CopyButton value={answer.code} resetMs={2000} label="Copiar el código" />
      <p>{answer.message}</p>
      <p className="muted small">
        Pedido {answer.orderNumber} · Estado: <strong>{withdrawalStatusLabel(answer.status)}</strong>
        {answer.reason ? ` · Motivo: ${answer.reason}` : ''}
      </p>
      {answer.returnShipment && (
        <p data-testid="withdrawal-return">
          {WITHDRAWAL_MESSAGES.returnPickup(answer.returnShipment.carrierName, answer.returnShipment.trackingNumber)}
        </p>
      )}
    </div>
  );
}

/**
 * /arrepentimiento: the botón de arrepentimiento (Ley 24.240 art. 34, Res. SCI 424/2020). No sign-in and nothing
 * before it: the order number and the purchase's e-mail or phone (as tracking asks), an optional comment, and the
 * code at once. With `?codigo=` (the e-mail's link) it offers to read that request's status instead.
 */
export default function WithdrawalPage() {
  const [params] = useSearchParams();
  const codeFromLink = (params.get('codigo') ?? '').trim().toUpperCase();
  const [orderNumber, setOrderNumber] = useState('');
  const [contact, setContact] = useState('');
  const [comment, setComment] = useState('');
  const [code, setCode] = useState(codeFromLink);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateWithdrawal();
  const status = useWithdrawalStatus();
  const lookingUp = codeFromLink !== '';

  useEffect(() => {
    document.title = 'Botón de arrepentimiento';
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = orderNumber.trim().toUpperCase();
    const contactProblem = trackingContactProblem(contact.trim());
    if (lookingUp) {
      const wanted = code.trim().toUpperCase();
      if (!WITHDRAWAL_CODE_PATTERN.test(wanted)) return setProblem('Escribí el código tal como lo recibiste (ARR- y 10 letras o números)');
      if (contactProblem) return setProblem(contactProblem);
      setProblem(null);
      status.mutate({ code: wanted, contact: contact.trim() }, { onError: (error) => setProblem(problemOf(error)) });
      return;
    }
    if (number === '') return setProblem('Indicá el número de pedido');
    if (contactProblem) return setProblem(contactProblem);
    setProblem(null);
    create.mutate(
      { orderNumber: number, contact: contact.trim(), comment: comment.trim() || null },
      { onError: (error) => setProblem(problemOf(error)) },
    );
  };

  const answer = lookingUp ? status.data : create.data;
  const pending = create.isPending || status.isPending;
  return (
    <div className="container page page--narrow" data-testid="withdrawal-page">
      <header className="page__header center">
        <Undo2 size={44} aria-hidden="true" className="page__icon" />
        <h1 className="page__title">Botón de arrepentimiento</h1>
        <p className="muted">
          Podés arrepentirte de una compra hecha en la web dentro de los {WITHDRAWAL_DAYS} días corridos desde que la recibís, sin costo y
          sin dar explicaciones. No hace falta cuenta ni ningún otro trámite.
        </p>
      </header>
      {answer ? (
        <WithdrawalResult answer={answer} />
      ) : (
        <form className="card withdrawal-form" onSubmit={submit} noValidate aria-labelledby="withdrawal-form-title">
          <h2 id="withdrawal-form-title" className="withdrawal-form__title">
            {lookingUp ? 'Consultá el estado de tu arrepentimiento' : 'Pedí la revocación de tu compra'}
          </h2>
          {lookingUp ? (
            <div className="field">
              <label htmlFor="withdrawal-code">Código de arrepentimiento</label>
              <input id="withdrawal-code" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" maxLength={20} />
            </div>
          ) : (
            <div className="field">
              <label htmlFor="withdrawal-order">Número de pedido</label>
              <input
                id="withdrawal-order"
                value={orderNumber}
                onChange={(e) => setOrderNumber(e.target.value)}
                placeholder={`${env.orderPrefix}-20240101-0001`}
                autoComplete="off"
                maxLength={40}
              />
            </div>
          )}
          <div className="field">
            <label htmlFor="withdrawal-contact">{CONTACT_LABEL}</label>
            <input
              id="withdrawal-contact"
              value={contact}
              onChange={(e) => setContact(e.target.value)}
              autoComplete="email"
              inputMode="email"
              placeholder="tu@email.com o 299 412-3456"
              maxLength={200}
            />
          </div>
          {!lookingUp && (
            <div className="field">
              <label htmlFor="withdrawal-comment">
                Comentario <span className="muted">(opcional)</span>
              </label>
              <textarea id="withdrawal-comment" value={comment} onChange={(e) => setComment(e.target.value)} maxLength={1000} rows={3} />
            </div>
          )}
          {problem && (
            <p className="notice notice--error" role="alert" data-testid="withdrawal-error">
              {problem}
            </p>
          )}
          <button type="submit" className="btn btn--primary" disabled={pending}>
            {pending ? 'Enviando...' : lookingUp ? 'Consultar' : 'Arrepentirme de la compra'}
          </button>
          <PrivacyNotice purpose={WITHDRAWAL_PRIVACY_PURPOSE} />
        </form>
      )}
      <p className="center withdrawal-page__policy">
        <Link to={paths.returnsPolicy}>Política de cambios y devoluciones</Link>
      </p>
    </div>
  );
}
