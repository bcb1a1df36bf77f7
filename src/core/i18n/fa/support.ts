import type { Translation } from '../catalog.ts';
import type { supportEn } from '../en/support.ts';

// Persian: the support verdicts (see en/support.ts).

export const supportFa: Translation<typeof supportEn> = {
  'flag.contradicted': 'نقض‌شده',
  'flag.needsLook': 'نیاز به بررسی',
  'support.contradictedValue': 'نقض‌شده: ادعا می‌گوید {claim}، اما بخش استنادشده می‌گوید {passage}.',
  'support.contradictedValuePassages': 'نقض‌شده: ادعا می‌گوید {claim}، اما بخش‌های استنادشده می‌گویند {passage}.',
  'support.contradictedNegation': 'نقض‌شده: بخش استنادشده خلاف آن را می‌گوید: «{passage}».',
  'support.contradictedEntity': 'نقض‌شده: ادعا از {claim} نام می‌برد، اما بخش استنادشده از {passage}.',
  'support.needsLook': 'نیاز به بررسی: قواعد نمی‌توانند تشخیص دهند که بخش استنادشده این را می‌گوید یا نه.',
  'support.needsLookPassages': 'نیاز به بررسی: قواعد نمی‌توانند تشخیص دهند که بخش‌های استنادشده این را می‌گویند یا نه.',
  'support.needsLookSaid': 'نیاز به بررسی: بخش استنادشده {said} را بیان نمی‌کند.',
  'support.needsLookSaidPassages': 'نیاز به بررسی: بخش‌های استنادشده {said} را بیان نمی‌کنند.',
  'support.judgeSupported': 'بررسی‌شده توسط {model}: پشتیبانی می‌شود. {reason}',
  'support.judgeContradicted': 'بررسی‌شده توسط {model}: نقض می‌شود. {reason}',
  'support.judgeNotEnough': 'بررسی‌شده توسط {model}: بخش استنادشده این را نمی‌گوید. {reason}',
  'support.verdictSupported': 'پشتیبانی‌شده',
  'support.verdictByRules': 'بر پایهٔ قواعد',
  'support.checkedBy': 'بررسی‌شده توسط {model}',
};
