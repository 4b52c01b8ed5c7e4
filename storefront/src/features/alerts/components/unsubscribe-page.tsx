import { BellOff } from 'lucide-react';
import { STOCK_ALERT_MSG, stockAlertUnsubscribeInputSchema, type StockAlertUnsubscribeAnswer } from '@shop/shared';
import { UnsubscribePage } from '@/components/unsubscribe-page';
import { useUnsubscribeStockAlert } from '../api/unsubscribe-stock-alert';

const PAGE = { icon: BellOff, title: 'Avisos de stock', tab: 'Avisos de stock', testId: 'unsubscribe-page' };
const TOKEN = { valid: (token: string) => stockAlertUnsubscribeInputSchema.safeParse({ token }).success, bad: STOCK_ALERT_MSG.badToken };

function Unsubscribed({ answer }: { answer: StockAlertUnsubscribeAnswer }) {
  return (
    <div className="notice notice--success" role="status" data-testid="unsubscribe-done">
      <p>{answer.message}</p>
      <p>{answer.size ? `${answer.productTitle}, talle ${answer.size}` : answer.productTitle}</p>
    </div>
  );
}

/** /avisame/baja?token=…: the link of a stock-alert e-mail. Sends the token once and says how it went. */
export default function StockAlertUnsubscribePage() {
  const unsubscribe = useUnsubscribeStockAlert();
  return (
    <UnsubscribePage page={PAGE} token={TOKEN} unsubscribe={unsubscribe} waiting="Dando de baja tu aviso...">
      {(answer) => <Unsubscribed answer={answer} />}
    </UnsubscribePage>
  );
}
