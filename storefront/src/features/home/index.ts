// Public face of the home screen, which ships in the entry chunk.
export { HomePage } from './components/home-page';
