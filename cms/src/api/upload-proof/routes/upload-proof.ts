export default {
  routes: [{ method: 'POST', path: '/upload/proof', handler: 'api::upload-proof.upload-proof.upload', config: { auth: false } }],
};
