export default {
  routes: [
    { method: 'POST', path: '/auth/login', handler: 'auth.login', config: { auth: false } },
    { method: 'GET', path: '/auth/check', handler: 'auth.check', config: { auth: false } },
  ],
};
