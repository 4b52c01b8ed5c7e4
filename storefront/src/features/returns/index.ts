export { ReturnsSection } from './components/return-form';
