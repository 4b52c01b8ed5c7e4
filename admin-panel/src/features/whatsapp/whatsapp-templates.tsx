import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import {
  WHATSAPP_LANGUAGE,
  WHATSAPP_NOTICES,
  WHATSAPP_STEP_LABELS,
  WHATSAPP_STEPS,
  WHATSAPP_VARIABLE_LABELS,
  WHATSAPP_VARIABLES,
  type WhatsappSettingsAnswer,
  type WhatsappStep,
  type WhatsappTemplate,
  type WhatsappTemplateMapping,
  type WhatsappVariable,
} from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { SaveFooter } from '@/components/feedback';
import { DetailCard } from '@/components/detail-card';
import { useSaveWhatsappSettings, whatsappQueries } from './api/whatsapp';

type Mappings = Record<WhatsappStep, WhatsappTemplateMapping | null>;

const keyOf = (t: { name: string; language: string }) => `${t.name}|${t.language}`;
const isVariable = (value: string): value is WhatsappVariable => (WHATSAPP_VARIABLES as readonly string[]).includes(value);

/** A step's template: which approved one, and what fills each of its {{n}} (the suggestion's order by default). */
function StepRow({
  step,
  mapping,
  approved,
  onChange,
  suggested,
}: {
  step: WhatsappStep;
  mapping: WhatsappTemplateMapping | null;
  approved: WhatsappTemplate[];
  suggested: WhatsappVariable[];
  onChange: (next: WhatsappTemplateMapping | null) => void;
}) {
  const chosen = mapping ? approved.find((t) => keyOf(t) === keyOf(mapping)) : undefined;
  const count = chosen?.parameters ?? mapping?.variables.length ?? 0;
  const id = `wa-step-${step}`;
  return (
    <fieldset className="fieldset wa-step" data-testid={id}>
      <legend>{WHATSAPP_STEP_LABELS[step]}</legend>
      <div className="field">
        <label htmlFor={id}>Plantilla</label>
        <select
          id={id}
          value={mapping ? keyOf(mapping) : ''}
          onChange={(e) => {
            const template = approved.find((t) => keyOf(t) === e.target.value);
            if (!template) return onChange(null);
            const variables = Array.from({ length: template.parameters }, (_, i) => suggested[i] ?? 'name');
            onChange({ name: template.name, language: template.language, variables });
          }}
        >
          <option value="">No enviar este paso</option>
          {mapping && !chosen && <option value={keyOf(mapping)}>{`${mapping.name} (${mapping.language}, no figura aprobada)`}</option>}
          {approved.map((t) => (
            <option key={keyOf(t)} value={keyOf(t)}>{`${t.name} (${t.language})`}</option>
          ))}
        </select>
        {chosen && <p className="hint wa-template-body">{chosen.body}</p>}
      </div>
      {mapping &&
        Array.from({ length: count }, (_, i) => (
          <div className="field" key={i}>
            <label htmlFor={`${id}-var-${i}`}>{`Variable {{${i + 1}}}`}</label>
            <select
              id={`${id}-var-${i}`}
              value={mapping.variables[i] ?? ''}
              onChange={(e) => {
                const value = e.target.value;
                if (!isVariable(value)) return;
                const variables = Array.from({ length: count }, (_, j) => (j === i ? value : (mapping.variables[j] ?? 'name')));
                onChange({ ...mapping, variables });
              }}
            >
              {WHATSAPP_VARIABLES.map((v) => (
                <option key={v} value={v}>
                  {WHATSAPP_VARIABLE_LABELS[v]}
                </option>
              ))}
            </select>
          </div>
        ))}
    </fieldset>
  );
}

/** Each step of an order mapped to an approved template of the account, and the shop's texts to submit for approval. */
export function TemplatesCard({ settings }: { settings: WhatsappSettingsAnswer }) {
  const canList = settings.businessAccountId !== null && settings.hasAccessToken;
  const templates = useQuery(whatsappQueries.templates(canList));
  const [mappings, setMappings] = useState<Mappings>(settings.templates);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useSaveWhatsappSettings();
  const approved = (templates.data?.templates ?? []).filter((t) => t.status === 'APPROVED');
  const suggestion = (step: WhatsappStep) => settings.suggestions.find((s) => s.step === step);

  function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    save.mutate(
      { templates: mappings },
      {
        onSuccess: () => setMessage({ ok: true, text: 'Plantillas guardadas' }),
        onError: (e) => setMessage({ ok: false, text: errorMessage(e, 'Error al guardar las plantillas') }),
      },
    );
  }

  return (
    <DetailCard headingId="wa-templates" title="Mensajes de cada paso" icon={FileText} testId="wa-templates">
      <form onSubmit={submit} className="stack" aria-labelledby="wa-templates">
        <p className="muted">
          WhatsApp solo deja escribir primero con plantillas aprobadas por Meta. Elegí cuál se envía en cada paso del pedido y con qué dato
          se completa cada variable.
        </p>
        {!canList && <p className="muted">Guardá el identificador de la cuenta y el token para ver tus plantillas.</p>}
        {templates.isPending && canList && <p className="muted">Leyendo tus plantillas en WhatsApp…</p>}
        {templates.isError && (
          <p className="field-error" role="alert">
            {errorMessage(templates.error, 'No se pudieron leer las plantillas de WhatsApp')}
          </p>
        )}
        {WHATSAPP_STEPS.map((step) => (
          <StepRow
            key={step}
            step={step}
            mapping={mappings[step]}
            approved={approved}
            suggested={suggestion(step)?.variables ?? []}
            onChange={(next) => setMappings((m) => ({ ...m, [step]: next }))}
          />
        ))}
        <details className="wa-suggestions">
          <summary>Textos sugeridos para enviar a aprobación (idioma {WHATSAPP_LANGUAGE})</summary>
          <ul>
            {settings.suggestions.map((s) => (
              <li key={s.step}>
                <strong>{s.name}</strong> · {WHATSAPP_STEP_LABELS[s.step]} · categoría{' '}
                {(WHATSAPP_NOTICES as readonly string[]).includes(s.step) ? '«Marketing»' : '«Utilidad»'}
                <p className="wa-template-body">{s.text}</p>
                <p className="hint">{s.variables.map((v, i) => `{{${i + 1}}} ${WHATSAPP_VARIABLE_LABELS[v]}`).join(' · ')}</p>
              </li>
            ))}
          </ul>
        </details>
        <SaveFooter message={message} pending={save.isPending} label="Guardar plantillas" />
      </form>
    </DetailCard>
  );
}
