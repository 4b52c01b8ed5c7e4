import { formatPrice, returnStatusLabel, type ReturnRequest } from '@shop/shared';

/** "1 × Corpiño Soft Negro 85B → Negro 90B" or "1 × Corpiño (devolución)". */
export function lineText(line: ReturnRequest['lines'][number]): string {
  const from = [line.from.color, line.from.size].filter(Boolean).join(' ');
  const what = `${line.quantity} × ${line.title}${from ? ` ${from}` : ''}`;
  return line.kind === 'exchange' && line.to
    ? `${what} → ${[line.to.color, line.to.size].filter(Boolean).join(' ')}`
    : `${what} (devolución)`;
}

/** The shopper's requests of one order, with their status, the exchange order and the money given back. */
export function ReturnRequests({ requests }: { requests: ReturnRequest[] }) {
  if (requests.length === 0) return null;
  return (
    <ul className="return-requests" data-testid="return-requests">
      {requests.map((request) => (
        <li key={request._id} className="return-requests__item" data-testid="return-request">
          <div className="return-requests__head">
            <strong>{request.number}</strong>
            <span className={`status status--return-${request.status}`} data-testid="return-status">
              {returnStatusLabel(request.status)}
            </span>
          </div>
          <ul className="return-requests__lines">
            {request.lines.map((line, index) => (
              <li key={index}>{lineText(line)}</li>
            ))}
          </ul>
          {request.exchangeOrderNumber && <p className="small">Pedido del cambio: {request.exchangeOrderNumber}</p>}
          {request.chargeDue > 0 && (
            <p className="small" data-testid="return-charge-due">
              Envío del cambio a tu cargo: {formatPrice(request.chargeDue)}
              {request.exchangeOrderNumber
                ? ` · se paga en el pedido ${request.exchangeOrderNumber}`
                : ' · lo pagás cuando recibamos las prendas'}
            </p>
          )}
          {request.refundDue > 0 && (
            <p className="small">
              A devolverte: {formatPrice(request.refundDue)}
              {request.refund?.couponCode ? ` · crédito con el cupón ${request.refund.couponCode}` : ''}
              {request.refund?.method === 'transfer' ? ' · por transferencia' : ''}
              {request.refund?.method === 'mercadopago' ? ' · devuelto a tu pago de Mercado Pago' : ''}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
