import type { EnglishPart } from '../catalog.ts';

// English: the support verdicts (issue #33 §3): what the rules or the model judge say of a claim against its cited
// passage, in the review panel, the export and the audit.

export const supportEn = {
  'flag.contradicted': 'Contradicted',
  'flag.needsLook': 'Needs a look',
  'support.contradictedValue': 'Contradicted: the claim says {claim}, the passage says {passage}.',
  'support.contradictedValuePassages': 'Contradicted: the claim says {claim}, the cited passages say {passage}.',
  'support.contradictedNegation': 'Contradicted: the passage says the opposite: “{passage}”.',
  'support.contradictedEntity': 'Contradicted: the claim names {claim} where the passage names {passage}.',
  'support.needsLook': 'Needs a look: the rules cannot tell whether the cited passage says this.',
  'support.needsLookPassages': 'Needs a look: the rules cannot tell whether the cited passages say this.',
  'support.needsLookSaid': 'Needs a look: the cited passage does not state {said}.',
  'support.needsLookSaidPassages': 'Needs a look: the cited passages do not state {said}.',
  'support.judgeSupported': 'Checked by {model}: supported. {reason}',
  'support.judgeContradicted': 'Checked by {model}: contradicted. {reason}',
  'support.judgeNotEnough': 'Checked by {model}: the passage does not say. {reason}',
  'support.verdictSupported': 'Supported',
  'support.verdictByRules': 'by the rules',
  'support.checkedBy': 'Checked by {model}',
} as const satisfies EnglishPart;
