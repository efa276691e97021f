/**
 * The signed-in user's subscription history (`GET /user/subscriptions`, a call the console proposes: the spec names
 * the page but no call), answered whole and paged in the browser: one call, each page cut from its answer.
 */
import { getSubscriptionHistoryOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { wholeListQuery } from '../../../shared/table/whole-list.ts';

export const subscriptionHistoryQuery = wholeListQuery(getSubscriptionHistoryOptions());
