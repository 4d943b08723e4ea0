import { site } from './en/site.ts';
import { cell } from './en/cell.ts';
import { checks } from './en/checks.ts';
import { powerOfTwoChoices } from './en/power-of-two-choices.ts';
import { consistentHashing } from './en/consistent-hashing.ts';
import { molsRelayRouting } from './en/mols-relay-routing.ts';
import { ketamaAtScale } from './en/ketama-at-scale.ts';
import { smoothWeightedRoundRobin } from './en/smooth-weighted-round-robin.ts';
import { placementLab } from './en/placement-lab.ts';
import { flow } from './en/flow.ts';
import type { ko } from './ko.ts';

/** English UI strings: en/ mirrors ko/ file by file, with the same keys, checked by the types. */
export const en: Record<keyof typeof ko, string> = {
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
};
