import type { Messages } from './messages-en.ts';

// The Persian catalog. Its type is the English catalog's keys, so a key missing here (or one English lacks) does not
// compile; messages.test.ts checks that no entry is empty and that the placeholders match.

export const messagesFa: Messages = {
  'app.tagline': 'پاسخ هوش مصنوعی را با منابعش بسنجید',
  'app.language': 'زبان',
  'app.loadingAnswer': 'در حال بارگذاری پاسخ…',
  'app.theme': 'پوسته',
  'app.themeAuto': 'مانند سیستم',
  'app.themeLight': 'روشن',
  'app.themeDark': 'تیره',
  'app.nightPages': 'صفحه‌های شبانه',
  'outbox.waiting': { one: '{count} تصمیم در این مرورگر ذخیره شد — در حال همگام‌سازی', other: '{count} تصمیم در این مرورگر ذخیره شد — در حال همگام‌سازی' },
  'outbox.stuck': { one: '{count} مورد به توجه شما نیاز دارد', other: '{count} مورد به توجه شما نیاز دارد' },
  'outbox.answers': { one: '({count} پاسخ)', other: '({count} پاسخ)' },
  'outbox.title': 'در این مرورگر نگه داشته می‌شود و به محض پاسخ سرور فرستاده می‌شود.',
};
