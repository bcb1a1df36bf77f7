import type { Translation } from '../catalog.ts';
import type { localEn } from '../en/local.ts';

// Persian: local files: the drop overlay, the local answer bar, missing and reopened documents.

export const localFa: Translation<typeof localEn> = {
  'local.openLabel': 'باز کردن پرونده‌های محلی',
  'local.open': 'باز کردن پرونده‌های محلی…',
  'local.dropTitle': 'پاسخ و سندهایش را اینجا رها کنید',
  'local.dropHint': 'JSON، PDF، مارک‌داون یا متن. در همین مرورگر باز می‌شوند و هرگز بارگذاری نمی‌شوند.',
  'local.barLabel': 'فایل‌های محلی',
  'local.openedFrom': 'باز شده از فایل‌های محلی:',
  'local.withFiles': ' همراه با {names}',
  'local.staysHere': '. همه چیز در همین مرورگر می‌ماند.',
  'local.addDocuments': 'افزودن سندها',
  'local.addFiles': 'افزودن فایل‌ها…',
  'local.closeAnswer': 'بستن پاسخ محلی',
  'local.missing': 'ناموجود: {list} (جست‌وجو برای {looked}).',
  'local.unused': {
    other: 'استفاده نشد: {list}. هیچ سندی از این پاسخ با آن‌ها جور نیست (فایل هر سند با نام فایل در نشانی‌اش، سپس شناسه‌اش و سپس عنوانش پیدا می‌شود).',
  },
  'local.reopenTitle': 'این پاسخ از فایل‌های محلی باز شده بود؛ دوباره بازشان کنید.',
  'local.reopenBody':
    'فایل‌هایش روی رایانهٔ شما ماندند: citelens هرگز آن‌ها را بارگذاری یا نگه‌داری نمی‌کند، پس بارگذاری دوبارهٔ صفحه نمی‌تواند بازشان کند. همان فایل پاسخ و سندهایش را باز کنید (یا اینجا رها کنید)؛ تصمیم‌های بازبینی شما دربارهٔ آن در همین مرورگر نگه داشته شده‌اند و برمی‌گردند.',
  'local.isMissing': '{label} موجود نیست',
  'local.noFileMatches': 'این پاسخ از فایل‌های محلی باز شده و هیچ فایل داده‌شده‌ای با «{title}» جور نیست. citelens به دنبال {looked} می‌گردد.',
  'local.thenSeparator': '، سپس ',
  'local.fileFor': 'فایل برای {title}',
  'local.addFile': 'افزودن فایل…',
  'local.dismiss': 'بستن',
  'local.documentsAlone': 'فایل JSON پاسخ را همراه با سندهایش باز کنید: سندها به‌تنهایی پاسخی ندارند که به آن تعلق داشته باشند.',
  'local.couldNotOpen': '{file} باز نشد',
  'local.unreadable': '{file} خوانده نشد ({detail}).',
  'local.notJson': '{file} یک JSON معتبر نیست ({detail}).',
  'local.oneAtATime': { other: 'هر بار یک پاسخ: {names} باز نشد.' },
  'local.nameSeparator': '، ',
};
