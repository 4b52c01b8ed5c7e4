import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link2, MessageCircle, Send } from 'lucide-react';
import type { WhatsappSettingsAnswer, WhatsappSettingsInput } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { InputField } from '@/components/form-field';
import { SaveFooter, QueryNote } from '@/components/feedback';
import { DetailCard } from '@/components/detail-card';
import { PageHeader } from '@/components/page-header';
import { useSaveWhatsappSettings, useTestWhatsapp, whatsappQueries } from './api/whatsapp';
import { TemplatesCard } from './whatsapp-templates';
import './whatsapp.css';

type Message = { ok: boolean; text: string } | null;

const blankToUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** The number's and the account's ids, the token and the app secret (written, never shown again), on or off. */
function ConnectionCard({ settings }: { settings: WhatsappSettingsAnswer }) {
  const [form, setForm] = useState({
    phoneNumberId: settings.phoneNumberId ?? '',
    businessAccountId: settings.businessAccountId ?? '',
    accessToken: '',
    appSecret: '',
    enabled: settings.enabled,
  });
  const [message, setMessage] = useState<Message>(null);
  const save = useSaveWhatsappSettings();

  function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const data: WhatsappSettingsInput = {
      phoneNumberId: blankToUndefined(form.phoneNumberId),
      businessAccountId: blankToUndefined(form.businessAccountId),
      accessToken: blankToUndefined(form.accessToken),
      appSecret: blankToUndefined(form.appSecret),
      enabled: form.enabled,
    };
    save.mutate(data, {
      onSuccess: () => {
        setForm((f) => ({ ...f, accessToken: '', appSecret: '' }));
        setMessage({ ok: true, text: 'Conexión de WhatsApp guardada' });
      },
      onError: (e) => setMessage({ ok: false, text: errorMessage(e, 'Error al guardar') }),
    });
  }

  const field = (id: keyof typeof form, label: string, hint: string, secret = false, saved = false) => (
    <div className="field">
      <label htmlFor={`wa-${id}`}>{label}</label>
      <input
        id={`wa-${id}`}
        type={secret ? 'password' : 'text'}
        inputMode={secret ? undefined : 'numeric'}
        autoComplete="off"
        value={String(form[id])}
        placeholder={saved ? 'Guardado: escribí uno nuevo solo para cambiarlo' : undefined}
        onChange={(e) => setForm((f) => ({ ...f, [id]: e.target.value }))}
        aria-describedby={`wa-${id}-hint`}
      />
      <p id={`wa-${id}-hint`} className="hint">
        {hint}
      </p>
    </div>
  );

  return (
    <DetailCard headingId="wa-connection" title="Conexión" icon={Link2} testId="wa-connection">
      <form onSubmit={submit} className="stack" aria-labelledby="wa-connection">
        <p className={settings.connected ? 'hint' : 'muted'} data-testid="wa-connected">
          {settings.connected
            ? settings.enabled
              ? 'Conectado: la tienda envía los mensajes de cada paso a quien los pidió.'
              : 'Conectado, pero apagado: no se envía ningún mensaje.'
            : 'Todavía no está conectado. Los datos están en Meta, en la app de tu cuenta de WhatsApp Business.'}
        </p>
        {field(
          'phoneNumberId',
          'Identificador del número de teléfono',
          'WhatsApp › Configuración de la API: «Identificador de número de teléfono».',
        )}
        {field(
          'businessAccountId',
          'Identificador de la cuenta de WhatsApp Business',
          'En la misma pantalla: «Identificador de la cuenta de WhatsApp Business».',
        )}
        {field(
          'accessToken',
          'Token de acceso permanente',
          'El token de un usuario del sistema con permiso whatsapp_business_messaging.',
          true,
          settings.hasAccessToken,
        )}
        {field(
          'appSecret',
          'Clave secreta de la app',
          'Configuración de la app › Básica › «Clave secreta de la app»: firma los avisos de Meta.',
          true,
          settings.hasAppSecret,
        )}
        <label className="wa-check">
          <input type="checkbox" checked={form.enabled} onChange={(e) => setForm((f) => ({ ...f, enabled: e.target.checked }))} /> Enviar
          los mensajes de los pedidos por WhatsApp
        </label>
        <div className="field">
          <span className="wa-field-label" id="wa-webhook-label">
            Webhook para pegar en Meta (WhatsApp › Configuración)
          </span>
          <dl className="wa-kv" aria-labelledby="wa-webhook-label">
            <dt>URL de devolución de llamada</dt>
            <dd>
              <code data-testid="wa-webhook-url">{settings.webhookUrl}</code>
            </dd>
            <dt>Token de verificación</dt>
            <dd>
              <code data-testid="wa-verify-token">{settings.verifyToken}</code>
            </dd>
          </dl>
          <p className="hint">Suscribí el campo «messages» para recibir las confirmaciones de entrega y los mensajes de las clientas.</p>
        </div>
        <SaveFooter message={message} pending={save.isPending} label="Guardar conexión" />
      </form>
    </DetailCard>
  );
}

/** "Probar": a template to a number the owner types, sent at once. */
function TestCard() {
  const [to, setTo] = useState('');
  const [message, setMessage] = useState<Message>(null);
  const test = useTestWhatsapp();
  function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    test.mutate(to, {
      onSuccess: (answer) =>
        setMessage({ ok: true, text: `Mensaje de prueba enviado a +${answer.to} con la plantilla ${answer.template}` }),
      onError: (e) => setMessage({ ok: false, text: errorMessage(e, 'No se pudo enviar el mensaje de prueba') }),
    });
  }
  return (
    <DetailCard headingId="wa-test" title="Probar" icon={Send} testId="wa-test">
      <form onSubmit={submit} className="stack" aria-labelledby="wa-test">
        <InputField
          id="wa-test-to"
          label="Celular al que enviar la prueba"
          type="tel"
          autoComplete="tel"
          value={to}
          onChange={setTo}
          required
          placeholder="299 15 412-3456"
        />
        <SaveFooter message={message} pending={test.isPending} label="Probar" />
      </form>
    </DetailCard>
  );
}

/** Canales › WhatsApp (owner, two-factor): the Cloud API connection, each step's template, the test message. */
export function WhatsappPage() {
  const query = useQuery(whatsappQueries.settings());
  return (
    <div className="stack">
      <PageHeader
        title="Canales › WhatsApp"
        description="Los mensajes de cada pedido por WhatsApp Business, a las clientas que los piden al comprar."
      />
      <QueryNote query={query} loading="Cargando…" failure="Error al cargar WhatsApp" />
      {query.data && (
        <>
          <ConnectionCard settings={query.data} />
          <TemplatesCard settings={query.data} />
          {query.data.connected && <TestCard />}
          <p className="muted wa-note">
            <MessageCircle size={16} aria-hidden="true" /> Las respuestas de las clientas llegan a «Mensajes».
          </p>
        </>
      )}
    </div>
  );
}
