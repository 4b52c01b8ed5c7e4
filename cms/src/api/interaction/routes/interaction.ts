const adminRoute = { auth: false as const, policies: ['global::is-admin'] };

export default {
  routes: [
    { method: 'POST', path: '/interactions', handler: 'interaction.create', config: { auth: false } },
    { method: 'GET', path: '/interactions/summary', handler: 'interaction.summary', config: adminRoute },
    { method: 'GET', path: '/interactions/most-viewed-products', handler: 'interaction.mostViewedProducts', config: adminRoute },
    { method: 'GET', path: '/interactions/most-viewed-categories', handler: 'interaction.mostViewedCategories', config: adminRoute },
    { method: 'DELETE', path: '/interactions/reset', handler: 'interaction.reset', config: adminRoute },
  ],
};
