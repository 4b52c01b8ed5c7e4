const adminRoute = { auth: false as const, policies: ['global::is-admin'] };

export default {
  routes: [
    { method: 'PUT', path: '/users/profile', handler: 'users.updateProfile', config: adminRoute },
    { method: 'PUT', path: '/users/password', handler: 'users.updatePassword', config: adminRoute },
  ],
};
