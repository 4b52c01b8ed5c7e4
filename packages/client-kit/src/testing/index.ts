export * from './mock-api.js';
