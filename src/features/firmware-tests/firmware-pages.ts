/**
 * The firmware area's pages (spec 2 §2-§9 and the firmware roll-outs) as one lazily loaded module: the
 * administrators' firmware workflow — models, versions, stages, tests, their run and the roll-outs of a passed
 * version — loads as one chunk with one list of the chunks it needs, so its nine routes cost the route table of the
 * entry (on the sign-in page's path) one such list rather than nine.
 */
export { AddTestPage } from './add-test-page.tsx';
export { ModelsPage } from './models-page.tsx';
export { RunTestPage } from './run-test-page.tsx';
export { StagesPage } from './stages-page.tsx';
export { TestListPage } from './test-list-page.tsx';
export { VersionsPage } from './versions-page.tsx';
export { RolloutPage } from './rollouts/rollout-page.tsx';
export { RolloutsPage } from './rollouts/rollouts-page.tsx';
export { StartRolloutPage } from './rollouts/start-page.tsx';
