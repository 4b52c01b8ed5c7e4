const publicRoute = { auth: false } as const;
const adminRoute = { auth: false, policies: ['global::is-admin'] };

/** Fixed paths come before /orders/:id so that "summary" and "by-number" are never read as an id. */
export default {
  routes: [
    { method: 'POST', path: '/orders', handler: 'api::order.order.create', config: publicRoute },
    { method: 'GET', path: '/orders/summary', handler: 'api::order.order.summary', config: adminRoute },
    { method: 'GET', path: '/orders/by-number/:orderNumber', handler: 'api::order.order.findByNumber', config: publicRoute },
    { method: 'GET', path: '/orders', handler: 'api::order.order.find', config: adminRoute },
    { method: 'GET', path: '/orders/:id/history', handler: 'api::order.order.history', config: adminRoute },
    { method: 'GET', path: '/orders/:id', handler: 'api::order.order.findOne', config: publicRoute },
    { method: 'PUT', path: '/orders/:id/status', handler: 'api::order.order.updateStatus', config: adminRoute },
    { method: 'PATCH', path: '/orders/:id/confirm', handler: 'api::order.order.confirm', config: adminRoute },
    { method: 'DELETE', path: '/orders/:id', handler: 'api::order.order.delete', config: adminRoute },
  ],
};
