import { MERCADOLIBRE_MESSAGES, MERCADOLIBRE_SALES_MESSAGES, type MercadoLibreQuestion } from '@shop/shared';
import { ApiError, conflict } from '../../utils/http';
import { isRecord } from '../../utils/db-write';
import { withAccessToken } from './access-token';
import { readAccount } from './channel-account';
import { MercadoLibreCallError } from './mercadolibre-client';
import { postAnswer, searchUnansweredQuestions } from './ml-sales-client';

/** Pre-sale questions on the shop's listings: the unanswered ones, and the answer posted from the back office. */

function callProblem(error: unknown): unknown {
  if (!(error instanceof MercadoLibreCallError)) return error;
  if (error.kind === 'unauthorized') return conflict(MERCADOLIBRE_MESSAGES.needsReconnect);
  if (error.kind === 'unavailable') return new ApiError(503, MERCADOLIBRE_MESSAGES.unavailable);
  return conflict(MERCADOLIBRE_SALES_MESSAGES.questionGone);
}

export async function unansweredQuestions(): Promise<MercadoLibreQuestion[]> {
  const account = await readAccount();
  const sellerId = account?.externalUserId ? String(account.externalUserId) : '';
  try {
    const answer = await withAccessToken((token) => searchUnansweredQuestions(token, sellerId));
    const questions = Array.isArray(answer.questions) ? answer.questions.filter(isRecord) : [];
    return questions
      .filter((q) => q.status === 'UNANSWERED' && (typeof q.id === 'number' || typeof q.id === 'string'))
      .map((q) => ({
        id: String(q.id),
        itemId: typeof q.item_id === 'string' ? q.item_id.slice(0, 40) : '',
        text: typeof q.text === 'string' ? q.text.slice(0, 2000) : '',
        createdAt: typeof q.date_created === 'string' ? q.date_created : null,
      }));
  } catch (error) {
    throw callProblem(error);
  }
}

export async function answerQuestion(questionId: string, text: string): Promise<void> {
  try {
    await withAccessToken((token) => postAnswer(token, questionId, text));
  } catch (error) {
    throw callProblem(error);
  }
}
