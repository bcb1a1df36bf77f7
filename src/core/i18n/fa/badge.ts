import type { Translation } from '../catalog.ts';
import type { badgeEn } from '../en/badge.ts';

// Persian: a citation's status chip and tooltip (src/app/status-badge.ts), shared by the answer and review panes.

export const badgeFa: Translation<typeof badgeEn> = {
  'badge.page': 'ص. {page}',
  'badge.pages': 'صص. {page}–{end}',
  'badge.percent': '{value}٪',
  'badge.checking': 'در حال بررسی…',
  'badge.checkingLong': 'هنوز بررسی نشده: سند ارجاع‌شده هنوز در حال بارگذاری یا جست‌وجو است.',
  'badge.locatedLong': 'نقل‌قول کلمه به کلمه در {pages} پیدا شد.',
  'badge.approximate': '≈ {percent} · {pages}',
  'badge.approximateLong': 'فقط تطابق تقریبی ({percent} از واژه‌های نقل‌قول همخوان است) در {pages}.',
  'badge.found': 'یافت‌شده در {pages}',
  'badge.wrongPageLong': 'به عنوان صفحهٔ {claimed} ارجاع شده، اما نقل‌قول در {pages} است{match}.',
  'badge.match': ' ({percent} تطابق)',
  'badge.wholeDocumentSearched': 'در هیچ جای سند (همهٔ {count} صفحه جست‌وجو شد)',
  'badge.pagesSearched': 'در صفحه‌های جست‌وجوشده ({list})',
  'badge.none': 'هیچ',
  'badge.closest': ' نزدیک‌ترین بخش: {percent} در {pages}.',
  'badge.notFound': 'پیدا نشد',
  'badge.notFoundLong': 'نقل‌قول {where} نیست.{closest}',
  'badge.noTextLayer': 'بدون لایهٔ متن',
  'badge.noTextLayerLong': 'سند لایهٔ متن ندارد (اسکن است): نقل‌قول را نمی‌توان با واژه‌هایش بررسی کرد.',
  'badge.missing': 'ناموجود',
  'badge.locked': 'قفل',
  'badge.cannotLoad': 'بارگذاری نشد',
  'badge.pageLevelLong': 'نقل‌قولی برای بررسی نیست: منبع فقط به {pages} اشاره می‌کند.',
  'badge.wholeDocument': 'کل سند',
  'badge.documentLevelLong': 'نه نقل‌قول و نه صفحه: منبع فقط نام سند را می‌برد.',
  'badge.notChecked': 'بررسی نشده',
};
