import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
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
