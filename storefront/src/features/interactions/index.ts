// Public face of the interaction log (views and clicks the dashboard counts).
export { recordInteraction } from './api/record-interaction';
