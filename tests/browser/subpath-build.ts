/**
 * The sub-path build (the project `subpath-build`, which the project `subpath` depends on): dist-lb/
 * (BASE=/lb/) is built here when it is missing or older than dist/; `npm test` builds it in its
 * lanes, so this finds it up to date.
 */
import { options, test } from './lib/fixtures.ts';
import { ensureSubpathBuild } from './lib/helpers.ts';

test('the sub-path build dist-lb/ (BASE=/lb/) exists and is not older than dist/ (built here when it is)', options(600_000), async () => {
  await ensureSubpathBuild();
});
