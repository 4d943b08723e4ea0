import { site } from './ko/site.ts';
import { cell } from './ko/cell.ts';
import { checks } from './ko/checks.ts';
import { powerOfTwoChoices } from './ko/power-of-two-choices.ts';
import { consistentHashing } from './ko/consistent-hashing.ts';
import { molsRelayRouting } from './ko/mols-relay-routing.ts';
import { ketamaAtScale } from './ko/ketama-at-scale.ts';
import { smoothWeightedRoundRobin } from './ko/smooth-weighted-round-robin.ts';
import { placementLab } from './ko/placement-lab.ts';
import { flow } from './ko/flow.ts';

/**
 * Korean UI strings, flat keys, one file per concept in ko/: the site, the cell, check messages,
 * then one per chapter. Prose lives in content/ko; numbers come from the claims registry.
 */
export const ko = {
  ...site,
  ...cell,
  ...checks,
  ...powerOfTwoChoices,
  ...consistentHashing,
  ...molsRelayRouting,
  ...ketamaAtScale,
  ...smoothWeightedRoundRobin,
  ...placementLab,
  ...flow,
} as const;
