import { backfillCustomerKeys, customerBatches, customerDetail, listCustomers } from '../../../domains/customers';

/** The customers list (src/domains/customers), registered so tests and scripts can reach it as a service. */
export default () => ({ listCustomers, customerDetail, customerBatches, backfillCustomerKeys });
