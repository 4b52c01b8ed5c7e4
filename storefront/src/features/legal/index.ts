export { PrivacyNotice } from './components/privacy-notice';
