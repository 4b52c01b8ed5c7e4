export { TrackedWithdrawals } from './components/tracked-withdrawals';
