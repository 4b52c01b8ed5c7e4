export { WithdrawalsNavBadge, WithdrawalsWaitingCard } from './withdrawals-waiting';
