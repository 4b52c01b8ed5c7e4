export default {
  routes: [
    { method: 'GET', path: '/content', handler: 'site-content.find', config: { auth: false } },
    { method: 'PUT', path: '/content', handler: 'site-content.update', config: { auth: false, policies: ['global::is-admin'] } },
  ],
};
