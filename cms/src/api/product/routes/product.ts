const publicRoute = { auth: false as const };
const adminRoute = { auth: false as const, policies: ['global::is-admin'] };

// Custom routes only (no core router): `/products/count` must come before `/products/:id`.
export default {
  routes: [
    { method: 'GET', path: '/products', handler: 'product.find', config: publicRoute },
    { method: 'GET', path: '/products/count', handler: 'product.count', config: publicRoute },
    { method: 'GET', path: '/products/:id', handler: 'product.findOne', config: publicRoute },
    { method: 'POST', path: '/products', handler: 'product.create', config: adminRoute },
    { method: 'PUT', path: '/products/:id', handler: 'product.update', config: adminRoute },
    { method: 'DELETE', path: '/products/:id', handler: 'product.delete', config: adminRoute },
  ],
};
