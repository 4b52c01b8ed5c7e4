import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** `npm run tour`: screenshots of the running shop for the README (docs/tour/*.png). */
export default defineConfig({
  ...base,
  testDir: './tour',
  retries: 0,
  reporter: [['list']],
  projects: [{ name: 'tour' }],
});
