import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BellOff } from 'lucide-react';
import { STOCK_ALERT_MSG, stockAlertUnsubscribeInputSchema, type StockAlertUnsubscribeAnswer } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { Spinner } from '@/components/spinner';
import { NarrowPage } from '@/components/narrow-page';
import { paths } from '@/config/paths';
import { useUnsubscribeStockAlert } from '../api/unsubscribe-stock-alert';

function Unsubscribed({ answer }: { answer: StockAlertUnsubscribeAnswer }) {
  return (
    <div className="notice notice--success" role="status" data-testid="unsubscribe-done">
      <p>{answer.message}</p>
      <p>{answer.size ? `${answer.productTitle}, talle ${answer.size}` : answer.productTitle}</p>
    </div>
  );
}

/** /avisame/baja?token=…: the link of a stock-alert e-mail. Sends the token once and says how it went. */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = stockAlertUnsubscribeInputSchema.safeParse({ token }).success;
  const unsubscribe = useUnsubscribeStockAlert();
  const { mutate } = unsubscribe;
  const sent = useRef<string | null>(null);

  useEffect(() => {
    document.title = 'Darte de baja · Avisos de stock';
  }, []);

  useEffect(() => {
    // Once per token, also when an effect runs twice (development's strict mode).
    if (!valid || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [valid, token, mutate]);

  const failure = valid ? (unsubscribe.isError ? errorMessage(unsubscribe.error) : null) : STOCK_ALERT_MSG.badToken;
  return (
    <NarrowPage icon={BellOff} title="Avisos de stock" testId="unsubscribe-page" cardClass="unsubscribe">
      {unsubscribe.data && <Unsubscribed answer={unsubscribe.data} />}
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      {!unsubscribe.data && !failure && <Spinner label="Dando de baja tu aviso..." />}
      <Link className="btn btn--primary" to={paths.home}>
        Volver a la tienda
      </Link>
    </NarrowPage>
  );
}
