/**
 * The roll-out pages as one lazily loaded module: their three routes share one chunk (and one list of the chunks it
 * needs), which keeps the route table of the entry — on the sign-in page's path — as small as one route's row would.
 */
export { RolloutsPage } from './rollouts-page.tsx';
export { StartRolloutPage } from './start-page.tsx';
export { RolloutPage } from './rollout-page.tsx';
