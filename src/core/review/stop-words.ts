// Function words that say nothing about whether evidence supports a claim: English, Persian and Arabic. Lower case,
// letters folded the way `support.ts` folds words (Arabic yeh/kaf → Persian forms).

const ENGLISH = `a about above after again against all also am an and any are aren't as at be because been before being
below between both but by can cannot could did do does doing down during each either else etc even ever every few for
from further had has have having he her here hers herself him himself his how however i if in into is it its itself
just least less let many may me might more most much must my myself neither no nor not now of off on once only onto or
other otherwise our ours ourselves out over own per same shall she should since so some such than that the their theirs
them themselves then there these they this those though through thus to too under until up upon us very via was we
were what when where whether which while who whom whose why will with within without would yet you your yours yourself
yourselves according also therefore hence whereas wherever whenever already always never often well like including
includes include included based any anyone anything something someone everyone everything`;

const PERSIAN = `و در به از که این آن را با است هست بود شد شده می نمی برای تا یا هم نیز اما ولی اگر چه چون پس بر روی زیر
بین درباره مانند مثل یک هر همه خود ما من تو او شما آنها ایشان دیگر باید نباید کرد کند کنند کرده شود شوند است‌ها
های ها ای اینکه آنکه بی بدون جز همین همان`;

const ARABIC = `في من إلى الى على عن مع هذا هذه ذلك تلك التي الذي الذين هو هي هم كان كانت يكون أن ان إن لا لم لن ما
قد ثم أو او بل كل بعض غير عند حتى إذا اذا`;

const WORDS = new Set(
  [ENGLISH, PERSIAN, ARABIC]
    .join(' ')
    .split(/\s+/u)
    .filter(Boolean)
    .map((w) => w.replace(/\u064A/gu, '\u06CC').replace(/\u0643/gu, '\u06A9')),
);

export function isStopWord(word: string): boolean {
  return WORDS.has(word.toLowerCase());
}
