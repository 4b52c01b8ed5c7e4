import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Archive, ChevronDown, CircleCheck, CircleMinus, CircleX, ListChecks, RefreshCw, Send } from 'lucide-react';
import { formatAge, formatShopDateTime, goLiveProgress, type GoLiveChecklist, type GoLiveItem, type TestEmailAnswer } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { paths } from '@/config/paths';
import { DisclosureButton } from '@/components/disclosure-button';
import { findOutboxEmail, goLiveQueries, useSendTestEmail } from './api/go-live';

const STATUS_TEXT = { ready: 'Listo', missing: 'Falta', na: 'No aplica' } as const;
type LineState = keyof typeof STATUS_TEXT;

const stateOf = (ok: boolean | null): LineState => (ok === null ? 'na' : ok ? 'ready' : 'missing');

function StateIcon({ state, size = 20 }: { state: LineState; size?: number }) {
  if (state === 'ready') return <CircleCheck size={size} aria-hidden="true" />;
  if (state === 'missing') return <CircleX size={size} aria-hidden="true" />;
  return <CircleMinus size={size} aria-hidden="true" />;
}

/** How long the back office watches the outbox for the test message before pointing to Correos. */
const WATCH_MS = 30_000;
const WATCH_EVERY_MS = 2_000;

/** "Enviarme un correo de prueba": queues it, then watches the outbox until it is sent or fails, saying so aloud. */
function TestEmailButton() {
  const send = useSendTestEmail();
  const [queued, setQueued] = useState<{ answer: TestEmailAnswer; at: number } | null>(null);
  const [timedOut, setTimedOut] = useState(false);
  const watching = queued !== null && queued.answer.mailConfigured && !timedOut;
  const outbox = useQuery({
    queryKey: ['go-live', 'test-email', queued?.answer.email.id ?? 0],
    queryFn: () => findOutboxEmail(queued?.answer.email.id ?? 0),
    enabled: watching,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'sent' || status === 'failed' ? false : WATCH_EVERY_MS;
    },
    staleTime: 0,
  });
  const email = outbox.data ?? null;
  const settled = email?.status === 'sent' || email?.status === 'failed';

  useEffect(() => {
    if (!queued) return;
    setTimedOut(false);
    const timer = setTimeout(() => setTimedOut(true), WATCH_MS);
    return () => clearTimeout(timer);
  }, [queued]);

  function sendNow() {
    setQueued(null);
    send.mutate(undefined, { onSuccess: (answer) => setQueued({ answer, at: Date.now() }) });
  }

  let result: { kind: 'progress' | 'ok' | 'bad'; text: string; toEmails?: boolean } | null = null;
  if (send.isPending) result = { kind: 'progress', text: 'Pidiendo el correo de prueba…' };
  else if (send.isError) result = { kind: 'bad', text: errorMessage(send.error) };
  else if (queued) {
    const { answer } = queued;
    if (!answer.mailConfigured) result = { kind: 'bad', text: answer.message, toEmails: true };
    else if (email?.status === 'sent')
      result = {
        kind: 'ok',
        text: `Enviado a ${email.to}${email.sentAt ? ` (${formatShopDateTime(email.sentAt)})` : ''}: revisá tu bandeja de entrada, y también la carpeta de spam.`,
      };
    else if (email?.status === 'failed')
      result = { kind: 'bad', text: `No salió: ${email.lastError ?? 'error desconocido'}`, toEmails: true };
    else if (email && email.attempts > 0 && email.lastError)
      result = {
        kind: 'bad',
        text: `El servidor de correo no lo aceptó todavía (${email.lastError}). La tienda lo reintenta sola.`,
        toEmails: true,
      };
    else if (timedOut) result = { kind: 'progress', text: `${answer.message} Todavía está en cola.`, toEmails: true };
    else result = { kind: 'progress', text: `${answer.message} Esperando que salga…` };
  }
  const busy = send.isPending || (watching && !settled);

  return (
    <div className="go-live-test-email">
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        onClick={sendNow}
        disabled={busy}
        aria-describedby="go-live-test-email-result"
      >
        {busy ? <RefreshCw size={16} aria-hidden="true" className="spin" /> : <Send size={16} aria-hidden="true" />}
        {send.isPending ? 'Enviando…' : 'Enviarme un correo de prueba'}
      </button>
      <p
        id="go-live-test-email-result"
        className={`go-live-test-result${result ? ` go-live-test-${result.kind}` : ''}`}
        role="status"
        aria-live="polite"
        data-testid="go-live-test-email-result"
      >
        {result?.text}
        {result?.toEmails && (
          <>
            {' '}
            Mirá su estado en <Link to={paths.emails}>Correos</Link>.
          </>
        )}
      </p>
    </div>
  );
}

function ChecklistLine({ item }: { item: GoLiveItem }) {
  const state = stateOf(item.ok);
  return (
    <li className={`go-live-item go-live-item-${state}`} data-testid={`go-live-${item.id}`}>
      <span className="go-live-icon">
        <StateIcon state={state} />
      </span>
      <div className="go-live-body">
        <h4 className="go-live-title">
          <span className="go-live-status">{STATUS_TEXT[state]}</span>
          <span className="visually-hidden">: </span>
          {item.title}
        </h4>
        <p className="go-live-detail">{item.detail}</p>
        {item.ok === false && item.action && (
          <p className="go-live-action">
            <strong>Qué hacer:</strong> {item.action}
          </p>
        )}
        {item.id === 'email' && <TestEmailButton />}
      </div>
    </li>
  );
}

/** The last local backup and off-site copy with their ages, always in sight in the status bar. */
function BackupAges({ data }: { data: GoLiveChecklist }) {
  const now = Date.parse(data.checkedAt);
  const backups = data.backups;
  const okOf = (id: GoLiveItem['id']) => stateOf(data.items.find((item) => item.id === id)?.ok ?? null);
  const local = backups?.local ? formatAge(backups.local.at, now) : 'ninguna';
  const remote = !backups?.remoteConfigured ? 'no configurada' : backups.remote ? formatAge(backups.remote.at, now) : 'ninguna todavía';
  const part = (label: string, text: string, at: string | undefined, state: LineState) => (
    <span className={`go-live-backup go-live-backup-${state}`} title={at ? formatShopDateTime(at) : undefined}>
      <StateIcon state={state} size={14} />
      {label}: {text}
      {state === 'missing' && <span className="visually-hidden"> (falta)</span>}
    </span>
  );
  return (
    <p className="go-live-backups" data-testid="go-live-backups">
      <Archive size={16} aria-hidden="true" />
      {part('Copia local', local, backups?.local?.at, okOf('backup'))}
      {part('Fuera del servidor', remote, backups?.remote?.at, okOf('offsite'))}
    </p>
  );
}

/**
 * "Lista para abrir la tienda" (owner): what to have ready before opening, one line each, green or red with what to
 * do; the test e-mail; the backups' ages in the status bar. Collapsed to one line until opened.
 */
export function GoLiveChecklistPanel() {
  const [open, setOpen] = useState(false);
  const query = useQuery(goLiveQueries.checklist());
  const data = query.data;
  const progress = data ? goLiveProgress(data.items) : null;
  const missing = progress ? progress.applicable - progress.ready : 0;
  const state = !data ? (query.isError ? 'error' : 'checking') : missing === 0 ? 'ready' : 'missing';
  const summary =
    state === 'checking'
      ? 'Revisando…'
      : state === 'error'
        ? 'No se pudo revisar'
        : missing === 0
          ? 'Todo listo'
          : `${missing === 1 ? 'Falta 1' : `Faltan ${missing}`} de ${progress?.applicable ?? 0}`;

  return (
    <>
      <DisclosureButton className={`status-chip go-live-toggle go-live-${state}`} open={open} setOpen={setOpen} controls="go-live-panel">
        <ListChecks size={18} aria-hidden="true" />
        <span className="go-live-toggle-name">Lista para abrir la tienda</span>
        <span className="go-live-toggle-summary" data-testid="go-live-summary">
          {state === 'ready' || state === 'missing' ? <StateIcon state={state} size={16} /> : null}
          {summary}
        </span>
        <ChevronDown size={16} aria-hidden="true" className="go-live-chevron" />
      </DisclosureButton>
      {data && <BackupAges data={data} />}
      <section id="go-live-panel" className="go-live-panel" aria-labelledby="go-live-heading" hidden={!open}>
        <div className="go-live-head">
          <h3 id="go-live-heading">Lista para abrir la tienda</h3>
          <p className="go-live-intro">
            {progress
              ? `${progress.ready} de ${progress.applicable} listos. Lo que falta dice qué hacer; lo que no aplica a tu tienda no cuenta.`
              : 'Lo que conviene tener listo antes de abrir la tienda.'}
          </p>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
            <RefreshCw size={16} aria-hidden="true" className={query.isFetching ? 'spin' : undefined} />
            Verificar de nuevo
          </button>
          {data && <span className="go-live-time">Última verificación: {formatShopDateTime(data.checkedAt)}</span>}
        </div>
        {!data && query.isPending && (
          <p className="go-live-state" role="status">
            Revisando la tienda…
          </p>
        )}
        {query.isError && (
          <p className="go-live-state go-live-state-error" role="alert">
            {errorMessage(query.error)}.{' '}
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void query.refetch()}>
              Reintentar
            </button>
          </p>
        )}
        {data && (
          <ul className="go-live-list" aria-label="Puntos de la lista">
            {data.items.map((item) => (
              <ChecklistLine key={item.id} item={item} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
