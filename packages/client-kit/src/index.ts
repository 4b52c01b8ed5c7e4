export * from './api-error.js';
export * from './http-client.js';
export * from './query-client.js';
export * from './mutations.js';
