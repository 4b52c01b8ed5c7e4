const route = { auth: false } as const;

export default {
  routes: [
    { method: 'POST', path: '/auth/login', handler: 'auth.login', config: route },
    { method: 'GET', path: '/auth/check', handler: 'auth.check', config: route },
    { method: 'POST', path: '/auth/renew', handler: 'auth.renew', config: route },
    { method: 'POST', path: '/auth/logout', handler: 'auth.logout', config: route },
  ],
};
