// Public face of the back office frame (sidebar, header, outlet for the screens).
export { AdminLayout } from './admin-layout';
