import { AppError } from '../../errors.ts';

// Why an order cannot be paid, in the words the customer reads. Shared by the payment flows
// and the built-in test processor, so each says it the same way.

export const orderExpired = () =>
  new AppError(
    'conflict',
    'This order has expired: it was not paid in time and its stock has gone back. Delete it and place a new order.',
  );

export const orderAlreadyPaid = () => new AppError('conflict', 'This order is already paid.');

export const orderGone = () =>
  new AppError('conflict', 'This order no longer exists, so it cannot be paid.');

export const chooseShipToFirst = () => new AppError('conflict', 'Choose where to ship first');

export const orderRepriced = () =>
  new AppError(
    'conflict',
    'This order changed (its shipping or its lines) while its payment was being started. Please try again.',
  );

export const orderAwaitingApproval = () =>
  new AppError(
    'conflict',
    "This order is over your spending limit and waits for your company's owner or an admin to approve it: it can be paid once approved.",
  );

export const orderCancelled = () =>
  new AppError('conflict', 'This order was cancelled, so it cannot be paid.');

export const orderRejected = () =>
  new AppError('conflict', 'This order was rejected by your company, so it cannot be paid.');
