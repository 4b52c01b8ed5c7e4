import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy… and waitFor wait for what they read: on a loaded 2-core machine (the unit stage beside lint and the type
// check, CI's slower machines) a lazy screen's chunk can take more than the library's default second to arrive.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => {
  // jsdom does not implement scrolling
  window.scrollTo = () => undefined;
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
