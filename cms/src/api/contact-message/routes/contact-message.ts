export default {
  routes: [{ method: 'POST', path: '/contact', handler: 'contact-message.create', config: { auth: false } }],
};
