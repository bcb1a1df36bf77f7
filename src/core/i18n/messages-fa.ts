import type { Messages } from './messages-en.ts';
import { answerFa } from './fa/answer.ts';
import { appFa } from './fa/app.ts';
import { badgeFa } from './fa/badge.ts';
import { localFa } from './fa/local.ts';
import { reviewFa } from './fa/review.ts';
import { reviewEngineFa } from './fa/review-engine.ts';
import { reviewWorkFa } from './fa/review-work.ts';
import { supportFa } from './fa/support.ts';
import { viewerFa } from './fa/viewer.ts';

// The Persian catalog, merged from one part per area (src/core/i18n/fa/*.ts), each typed from its English part: a
// key missing there (or one English lacks) does not compile; messages.test.ts checks that no entry is empty and that
// the placeholders match.

export const messagesFa: Messages = {
  ...appFa,
  ...answerFa,
  ...viewerFa,
  ...reviewFa,
  ...reviewEngineFa,
  ...badgeFa,
  ...localFa,
  ...supportFa,
  ...reviewWorkFa,
};
