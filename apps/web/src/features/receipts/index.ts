export { ReceiptCell } from './ReceiptCell';
export { transactionLabel } from './transaction-label';
