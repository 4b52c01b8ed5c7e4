import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MessageCircleQuestion } from 'lucide-react';
import { MERCADOLIBRE_ANSWER_MAX, MERCADOLIBRE_SALES_MESSAGES, type MercadoLibreQuestion } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { PendingButton } from '@/components/submit-button';
import { Banner, QueryNote } from '@/components/feedback';
import { DetailCard } from '@/components/detail-card';
import { formatDateTime } from '@/lib/format-date';
import { mercadoLibreQuestionQueries, useAnswerMercadoLibreQuestion } from './api/mercadolibre-questions';

type Message = { ok: boolean; text: string } | null;

function QuestionItem({ question, onAnswered }: { question: MercadoLibreQuestion; onAnswered: (text: string) => void }) {
  const answer = useAnswerMercadoLibreQuestion();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = `meli-answer-${question.id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!text.trim()) return setProblem(MERCADOLIBRE_SALES_MESSAGES.answerText);
    answer.mutate(
      { id: question.id, text: text.trim() },
      {
        onSuccess: (done) => onAnswered(done.message),
        onError: (e) => setProblem(errorMessage(e, 'No se pudo publicar la respuesta')),
      },
    );
  };

  return (
    <li className="stack" data-testid="meli-question">
      <p>
        <strong>{question.text}</strong>
        <span className="cell-sub">
          Publicación {question.itemId}
          {question.createdAt ? ` · ${formatDateTime(question.createdAt)}` : ''}
        </span>
      </p>
      <form onSubmit={submit} className="stack" noValidate>
        <div className="field">
          <label htmlFor={fieldId}>Respuesta</label>
          <textarea
            id={fieldId}
            rows={2}
            maxLength={MERCADOLIBRE_ANSWER_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${fieldId}-error` : undefined}
          />
          {problem && (
            <p id={`${fieldId}-error`} className="field-error" role="alert">
              {problem}
            </p>
          )}
        </div>
        <div className="row">
          <PendingButton label="Responder" pendingLabel="Publicando…" pending={answer.isPending} className="btn btn-primary btn-sm" />
        </div>
      </form>
    </li>
  );
}

/** Canales › Mercado Libre: the pre-sale questions nobody answered yet, each with its answer form. */
export function MercadoLibreQuestionsCard() {
  const query = useQuery(mercadoLibreQuestionQueries.unanswered());
  const [message, setMessage] = useState<Message>(null);
  const questions = query.data?.questions ?? [];
  return (
    <DetailCard headingId="meli-questions" title="Preguntas sin responder" icon={MessageCircleQuestion} testId="meli-questions">
      <div className="stack">
        {message && (
          <Banner kind={message.ok ? 'success' : 'error'} onClose={() => setMessage(null)}>
            {message.text}
          </Banner>
        )}
        <QueryNote query={query} loading="Cargando preguntas…" failure="Error al cargar las preguntas" />
        {query.data && questions.length === 0 && <p className="muted">No hay preguntas sin responder.</p>}
        {questions.length > 0 && (
          <ul className="stack" aria-label="Preguntas sin responder">
            {questions.map((question) => (
              <QuestionItem key={question.id} question={question} onAnswered={(text) => setMessage({ ok: true, text })} />
            ))}
          </ul>
        )}
      </div>
    </DetailCard>
  );
}
