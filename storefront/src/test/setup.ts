import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy… and waitFor wait for what they read: on a loaded 2-core machine (the unit stage beside lint and the type
// check, CI's slower machines) a lazy screen's chunk can take more than the library's default second to arrive.
configure({ asyncUtilTimeout: 5000 });
import { afterEach, beforeAll } from 'vitest';

beforeAll(() => {
  // jsdom lacks these browser APIs; the app only needs them to exist.
  window.scrollTo = () => undefined;
  Element.prototype.scrollIntoView = () => undefined;
  if (!URL.createObjectURL) {
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => undefined;
  }
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
