import { useState, type FormEvent } from 'react';
import { WHATSAPP_STEP_LABELS, type WhatsappStep } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { SaveFooter } from '@/components/feedback';
import { useReplyOnWhatsapp } from './api/whatsapp';

interface MappedTemplate {
  step: WhatsappStep;
  name: string;
  language: string;
  parameters: number;
}

/** "Podés responder con texto libre por 5 h 20 min más", or null once the 24 hours are over. */
export function windowLeft(windowEndsAt: string | null, now = Date.now()): string | null {
  if (!windowEndsAt) return null;
  const minutes = Math.floor((new Date(windowEndsAt).getTime() - now) / 60_000);
  if (!(minutes > 0)) return null;
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/**
 * The answer: free text inside WhatsApp's 24-hour window after her last message (the time left is said), else one of
 * the shop's templates with its variables (WhatsApp refuses free text outside the window).
 */
export function ReplyForm({ phone, windowEndsAt, templates }: { phone: string; windowEndsAt: string | null; templates: MappedTemplate[] }) {
  const left = windowLeft(windowEndsAt);
  const reply = useReplyOnWhatsapp(phone);
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState(0);
  const [parameters, setParameters] = useState<string[]>([]);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const template = templates[chosen];

  function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const data = left
      ? { text }
      : template
        ? { template: { name: template.name, language: template.language, parameters: parameters.slice(0, template.parameters) } }
        : null;
    if (!data) return;
    reply.mutate(data, {
      onSuccess: () => {
        setText('');
        setParameters([]);
        setMessage({ ok: true, text: 'Respuesta enviada a WhatsApp' });
      },
      onError: (e) => setMessage({ ok: false, text: errorMessage(e, 'No se pudo enviar la respuesta') }),
    });
  }

  return (
    <form className="stack wa-reply" onSubmit={submit} aria-label="Responder">
      {left ? (
        <div className="field">
          <label htmlFor="wa-reply-text">Tu respuesta</label>
          <textarea
            id="wa-reply-text"
            rows={3}
            maxLength={4096}
            value={text}
            onChange={(e) => setText(e.target.value)}
            required
            aria-describedby="wa-reply-window"
          />
          <p id="wa-reply-window" className="hint">
            Podés responder con texto libre por {left} más (WhatsApp lo permite hasta 24 horas después de su último mensaje).
          </p>
        </div>
      ) : templates.length === 0 ? (
        <p className="muted">
          Pasaron más de 24 horas desde su último mensaje: WhatsApp solo permite escribirle con una plantilla, y la tienda todavía no tiene
          plantillas elegidas (Canales › WhatsApp).
        </p>
      ) : (
        <>
          <p className="hint" id="wa-reply-window">
            Pasaron más de 24 horas desde su último mensaje: WhatsApp solo permite escribirle con una plantilla aprobada.
          </p>
          <div className="field">
            <label htmlFor="wa-reply-template">Plantilla</label>
            <select id="wa-reply-template" value={chosen} onChange={(e) => setChosen(Number(e.target.value))}>
              {templates.map((t, i) => (
                <option key={`${t.step}-${t.name}`} value={i}>{`${t.name} (${WHATSAPP_STEP_LABELS[t.step]})`}</option>
              ))}
            </select>
          </div>
          {Array.from({ length: template?.parameters ?? 0 }, (_, i) => (
            <div className="field" key={`${chosen}-${i}`}>
              <label htmlFor={`wa-reply-param-${i}`}>{`Variable {{${i + 1}}}`}</label>
              <input
                id={`wa-reply-param-${i}`}
                value={parameters[i] ?? ''}
                maxLength={1024}
                required
                onChange={(e) => setParameters((p) => Object.assign([...p], { [i]: e.target.value }))}
              />
            </div>
          ))}
        </>
      )}
      {(left || templates.length > 0) && <SaveFooter message={message} pending={reply.isPending} label="Enviar" />}
    </form>
  );
}
