import { customRoutes } from '../../../utils/routes';

/** A register's cash sessions (docs/api.md "Counter"): counter.use, the CSV of every session and reopening a closed
 * session counter.manage;
 * a counter sale's ticket (counter.use). */
export default customRoutes('api::cash-session.cash-session', {
  staff: {
    exportCsv: ['GET', '/cash-sessions.csv'],
    findOne: ['GET', '/cash-sessions/:id'],
    addMovement: ['POST', '/cash-sessions/:id/movements'],
    close: ['POST', '/cash-sessions/:id/close'],
    reopen: ['POST', '/cash-sessions/:id/reopen'],
    report: ['GET', '/cash-sessions/:id/report.pdf'],
    ticket: ['GET', '/cash-sessions/tickets/:orderNumber'],
  },
});
