/**
 * The sales half of the fake Mercado Libre (scripts/fake-mercadolibre.mjs plugs it in): orders, shipments, the
 * notifications Mercado Libre posts to the app's callback, pre-sale questions and their answers, and the fiscal
 * documents a seller uploads for a pack. Shapes as Mercado Libre's developer docs show them ("Gestión de ventas",
 * "Notificaciones", "Preguntas y respuestas", "Facturación: subir factura"):
 *
 * - `GET /orders/{id}` (Bearer): orders_v2 `{id, status: 'paid' | 'cancelled', status_detail, date_created,
 *   date_closed, last_updated, total_amount, paid_amount, currency_id: 'ARS', buyer: {id, nickname, first_name,
 *   last_name}, seller: {id}, order_items: [{item: {id, title, seller_sku, variation_id, variation_attributes},
 *   quantity, unit_price, full_unit_price, sale_fee, currency_id}], payments: [{id, status, transaction_amount,
 *   total_paid_amount, payment_type, date_approved}], shipping: {id}, pack_id, tags}`. Another seller's order: 403.
 * - `GET /shipments/{id}` (Bearer, `x-format-new: true`): `{id, status, substatus, logistic_type, tracking_number,
 *   order_id, receiver_address: {...}}`.
 * - Notifications: `POST <callback>` with `{_id, resource: '/orders/123', user_id, topic: 'orders_v2',
 *   application_id, attempts, sent, received}` (JSON); Mercado Libre wants a 200 within 500 ms.
 * - `GET /questions/search?seller_id=&status=UNANSWERED&api_version=4` (Bearer): `{total, limit, questions: [{id,
 *   seller_id, item_id, text, status, date_created, from: {id}, answer: null}]}`.
 * - `POST /answers` `{question_id, text}` (Bearer, JSON): the question, now ANSWERED with `answer: {text, status,
 *   date_created}`; a question already answered or unknown: 400; a text over 2000 characters: 400.
 * - `POST /packs/{pack_id}/fiscal_documents` (Bearer, multipart with the file in `fiscal_document`): `{ids: [...]}`;
 *   a pack (or, without one, an order id) of another seller: 404; not a PDF: 400.
 *
 * Test controls (POST /__control/…, JSON): `sale` ({items: [{sku, quantity, unitPrice, title?, variationSkuOnly?}],
 * status?, packId?, withShipment?}) → the order; `cancel` ({orderId}); `notify` ({orderId | resource, times?, url,
 * userId?}) posts the notification `times` times (at once) and answers the shop's statuses; `question` ({itemId,
 * text}); `sales` (orders, questions, fiscal documents received).
 */
import { randomInt } from 'node:crypto';

const readRaw = async (req) => {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > 12_000_000) break;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

/** The first file of a multipart body, by its field name: `{filename, type, bytes}` or null. */
function multipartFile(body, contentType, field) {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!match) return null;
  const boundary = Buffer.from(`--${match[1] ?? match[2]}`);
  let at = body.indexOf(boundary);
  while (at !== -1) {
    const next = body.indexOf(boundary, at + boundary.length);
    if (next === -1) break;
    const part = body.subarray(at + boundary.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    if (new RegExp(`name="${field}"`).test(head)) {
      return {
        filename: /filename="([^"]*)"/.exec(head)?.[1] ?? '',
        type: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim() ?? '',
        bytes: part.subarray(split + 4),
      };
    }
    at = next;
  }
  return null;
}

export function createSalesRoutes({ seller, bearer, json, clientId }) {
  const sales = {
    /** id → order (orders_v2) */
    orders: new Map(),
    /** id → shipment */
    shipments: new Map(),
    /** id → question */
    questions: new Map(),
    /** `{packId, filename, bytes}` of every fiscal document received */
    fiscalDocuments: [],
    notificationsSent: 0,
  };
  let nextId = randomInt(2_000_000_000, 2_100_000_000) * 1000;
  const newId = () => (nextId += randomInt(1, 50));
  const now = () => new Date().toISOString();

  function sale(body) {
    const id = newId();
    const items = Array.isArray(body.items) ? body.items : [];
    const orderItems = items.map((line, index) => {
      const unitPrice = Number(line.unitPrice ?? 10_000);
      const variationId = newId();
      return {
        item: {
          id: line.itemId ?? `MLA${1_000_000_000 + index}`,
          title: line.title ?? `Artículo ${line.sku}`,
          category_id: 'MLA109282',
          // A variation's SKU lives on the variation (SELLER_SKU) when the item has none of its own.
          seller_sku: line.variationSkuOnly ? null : (line.sku ?? null),
          variation_id: variationId,
          variation_attributes: line.variationSkuOnly ? [{ id: 'SELLER_SKU', name: 'SKU', value_name: line.sku }] : [],
        },
        quantity: Number(line.quantity ?? 1),
        unit_price: unitPrice,
        full_unit_price: unitPrice,
        currency_id: 'ARS',
        sale_fee: Math.round(unitPrice * 0.13 * 100) / 100,
      };
    });
    // `discount`: what a Mercado Libre campaign or coupon took off the items (total_amount below the lines' sum);
    // `shippingPaid`: what the buyer paid for shipping (in paid_amount, over total_amount).
    const total = orderItems.reduce((sum, line) => sum + line.unit_price * line.quantity, 0) - Math.max(0, Number(body.discount ?? 0));
    const shippingPaid = Math.max(0, Number(body.shippingPaid ?? 0));
    const shipment = body.withShipment === false ? null : { id: newId(), status: 'ready_to_ship', substatus: 'printed' };
    if (shipment) {
      sales.shipments.set(shipment.id, {
        ...shipment,
        logistic_type: 'drop_off',
        mode: 'me2',
        order_id: id,
        tracking_number: `TN${shipment.id}`,
        receiver_address: { city: { name: 'Neuquén' }, state: { name: 'Neuquén' }, zip_code: '8300', address_line: 'Av. Argentina 100' },
      });
    }
    const status = body.status === 'cancelled' ? 'cancelled' : 'paid';
    const order = {
      id,
      status,
      status_detail: null,
      date_created: now(),
      date_closed: now(),
      last_updated: now(),
      total_amount: total,
      paid_amount: status === 'paid' ? total + shippingPaid : 0,
      currency_id: 'ARS',
      buyer: {
        id: Number(body.buyerId ?? randomInt(10_000_000, 900_000_000)),
        nickname: body.nickname ?? 'COMPRADORA_TEST',
        first_name: body.firstName ?? 'Lucía',
        last_name: body.lastName ?? 'Pérez',
      },
      seller: { id: seller.id },
      order_items: orderItems,
      payments: [
        {
          id: newId(),
          order_id: id,
          status: status === 'paid' ? 'approved' : 'cancelled',
          status_detail: status === 'paid' ? 'accredited' : 'by_collector',
          transaction_amount: total,
          shipping_cost: shippingPaid,
          total_paid_amount: total + shippingPaid,
          currency_id: 'ARS',
          payment_type: 'credit_card',
          installments: 1,
          date_approved: status === 'paid' ? now() : null,
        },
      ],
      shipping: { id: shipment ? shipment.id : null },
      pack_id: body.packId ?? null,
      tags: status === 'paid' ? ['paid', 'not_delivered'] : ['not_delivered'],
    };
    sales.orders.set(id, order);
    return order;
  }

  async function notify(body) {
    const resource = body.resource ?? `/orders/${body.orderId}`;
    const times = Math.max(1, Math.min(100, Number(body.times ?? 1)));
    const note = (attempt) => ({
      _id: `${Date.now().toString(16)}-${attempt}`,
      resource,
      user_id: Number(body.userId ?? seller.id),
      topic: body.topic ?? 'orders_v2',
      application_id: Number(clientId) || clientId,
      attempts: attempt,
      sent: now(),
      received: now(),
    });
    const statuses = await Promise.all(
      Array.from({ length: times }, async (_, i) => {
        sales.notificationsSent += 1;
        try {
          const res = await fetch(body.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(note(i + 1)),
          });
          await res.text();
          return res.status;
        } catch {
          return 0;
        }
      }),
    );
    return { resource, statuses };
  }

  /** A test control: true when it answered. */
  async function control(path, body, res) {
    if (path === '/__control/sale') return (json(res, 200, sale(body)), true);
    if (path === '/__control/cancel') {
      const order = sales.orders.get(Number(body.orderId));
      if (!order) return (json(res, 404, { error: 'not_found' }), true);
      order.status = 'cancelled';
      order.status_detail = { code: 'cancelled_by_buyer' };
      order.last_updated = now();
      order.tags = order.tags.filter((tag) => tag !== 'paid');
      for (const payment of order.payments) payment.status = 'refunded';
      return (json(res, 200, order), true);
    }
    if (path === '/__control/notify') return (json(res, 200, await notify(body)), true);
    if (path === '/__control/question') {
      const question = {
        id: newId(),
        seller_id: seller.id,
        item_id: body.itemId ?? 'MLA1000000000',
        text: String(body.text ?? '¿Tenés talle 90?'),
        status: 'UNANSWERED',
        date_created: now(),
        deleted_from_listing: false,
        hold: false,
        from: { id: randomInt(10_000_000, 900_000_000) },
        answer: null,
      };
      sales.questions.set(question.id, question);
      return (json(res, 200, question), true);
    }
    if (path === '/__control/sales') {
      return (
        json(res, 200, {
          orders: [...sales.orders.values()],
          questions: [...sales.questions.values()],
          fiscalDocuments: sales.fiscalDocuments.map(({ packId, filename, size, type }) => ({ packId, filename, size, type })),
          notificationsSent: sales.notificationsSent,
        }),
        true
      );
    }
    return false;
  }

  const unauthorized = (res) => json(res, 401, { message: 'invalid access token', error: 'unauthorized', status: 401, cause: [] });
  const notFound = (res, message) => json(res, 404, { message, error: 'not_found', status: 404, cause: [] });

  /** A Mercado Libre API route of this half: true when it answered. */
  async function handle(req, res, url) {
    const path = url.pathname;
    const orderMatch = /^\/orders\/(\d+)$/.exec(path);
    const shipmentMatch = /^\/shipments\/(\d+)$/.exec(path);
    const fiscalMatch = /^\/packs\/(\d+)\/fiscal_documents$/.exec(path);
    const known = orderMatch || shipmentMatch || fiscalMatch || path === '/questions/search' || path === '/answers';
    if (!known) return false;
    if (!bearer(req)) return (unauthorized(res), true);
    if (orderMatch && req.method === 'GET') {
      const order = sales.orders.get(Number(orderMatch[1]));
      if (!order) return (notFound(res, `Order ${orderMatch[1]} not found`), true);
      return (json(res, 200, order), true);
    }
    if (shipmentMatch && req.method === 'GET') {
      const shipment = sales.shipments.get(Number(shipmentMatch[1]));
      if (!shipment) return (notFound(res, `Shipment ${shipmentMatch[1]} not found`), true);
      return (json(res, 200, shipment), true);
    }
    if (path === '/questions/search' && req.method === 'GET') {
      if (url.searchParams.get('seller_id') !== String(seller.id)) {
        return (json(res, 403, { message: 'caller.id does not match', error: 'forbidden', status: 403, cause: [] }), true);
      }
      const status = url.searchParams.get('status');
      const questions = [...sales.questions.values()].filter((q) => !status || q.status === status);
      return (
        json(res, 200, { total: questions.length, limit: 50, questions: questions.slice(0, 50), filters: { seller_id: seller.id } }),
        true
      );
    }
    if (path === '/answers' && req.method === 'POST') {
      let body = {};
      try {
        body = JSON.parse((await readRaw(req)).toString('utf8') || '{}');
      } catch {
        body = {};
      }
      const question = sales.questions.get(Number(body.question_id));
      if (!question) return (notFound(res, 'Question not found'), true);
      const text = typeof body.text === 'string' ? body.text : '';
      if (!text.trim() || text.length > 2000) {
        return (json(res, 400, { message: 'Invalid text', error: 'bad_request', status: 400, cause: [] }), true);
      }
      if (question.status !== 'UNANSWERED') {
        return (json(res, 400, { message: 'Question already answered', error: 'bad_request', status: 400, cause: [] }), true);
      }
      question.status = 'ANSWERED';
      question.answer = { text, status: 'ACTIVE', date_created: now() };
      return (json(res, 200, question), true);
    }
    if (fiscalMatch && req.method === 'POST') {
      const packId = Number(fiscalMatch[1]);
      const mine = [...sales.orders.values()].some((order) => order.pack_id === packId || order.id === packId);
      if (!mine) return (notFound(res, `Pack ${packId} not found`), true);
      const file = multipartFile(await readRaw(req), String(req.headers['content-type'] ?? ''), 'fiscal_document');
      if (!file || !file.bytes.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
        return (json(res, 400, { message: 'fiscal_document must be a PDF', error: 'invalid_file', status: 400, cause: [] }), true);
      }
      const id = `${packId}-${sales.fiscalDocuments.length + 1}`;
      sales.fiscalDocuments.push({ packId, filename: file.filename, size: file.bytes.length, type: file.type, id });
      return (json(res, 200, { ids: [id] }), true);
    }
    return (json(res, 405, { message: 'method not allowed', error: 'method_not_allowed', status: 405, cause: [] }), true);
  }

  return { sales, control, handle };
}
