import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::users.users', {
  staff: { updateProfile: ['PUT', '/users/profile'], updatePassword: ['PUT', '/users/password'] },
});
