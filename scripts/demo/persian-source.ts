// A Persian demo: a Markdown policy written in Persian and an answer citing it with Persian and Arabic-Indic markers
// (`[۱]`, `[۲]`, `[٢،٣]` with the Arabic comma). The source is Markdown, not a PDF, because pdf-lib draws Arabic
// script without joining its letters or ordering them right to left; the browser shapes Markdown text itself.
// Quotes are cut from the document's own text, so they match it however it is edited.

export const PERSIAN_DOC = { id: 'vendor-policy-fa', title: 'سیاست دسترسی تأمین‌کنندگان', version: '2026-05' };

const MFA = 'هر تأمین‌کننده فقط با حساب شخصی و احراز هویت چندمرحله‌ای به سامانه‌های شرکت وصل می‌شود.';
const TLS = 'همهٔ داده‌های شرکت در هنگام انتقال با TLS 1.2 یا بالاتر رمزنگاری می‌شوند.';
const KEYS = 'کلیدهای رمزنگاری هر سال یک بار عوض می‌شوند و کلید کهنه تا ۳۰ روز بعد نگه داشته می‌شود.';
const INCIDENT = 'اگر تأمین‌کننده به نشت داده مشکوک شود، باید ظرف ۲۴ ساعت به تیم امنیت گزارش دهد.';

export const PERSIAN_TEXT = `# ${PERSIAN_DOC.title}

این سند قواعد دسترسی تأمین‌کنندگان به سامانه‌ها و داده‌های شرکت را شرح می‌دهد و برای همهٔ قراردادهای تازه لازم‌الاجراست.

## دسترسی

${MFA} حساب‌های مشترک ممنوع است.

دسترسی تأمین‌کننده پس از ۹۰ روز بی‌فعالیتی به‌طور خودکار غیرفعال می‌شود.

## رمزنگاری

${TLS}

${KEYS}

## رخدادهای امنیتی

${INCIDENT} گزارش باید شامل زمان رخداد و سامانه‌های درگیر باشد.
`;

function once(words: string): string {
  const at = PERSIAN_TEXT.indexOf(words);
  if (at < 0 || PERSIAN_TEXT.indexOf(words, at + 1) >= 0) throw new Error(`“${words}” must occur exactly once in the Persian policy`);
  return words;
}

export function buildPersianAnswer() {
  return {
    format: 'citelens/1',
    id: 'persian-vendor-policy',
    question: 'تأمین‌کنندگان چگونه به سامانه‌ها وصل می‌شوند و داده‌ها چگونه محافظت می‌شوند؟',
    text: [
      'تأمین‌کنندگان فقط با حساب شخصی و احراز هویت چندمرحله‌ای به سامانه‌ها وصل می‌شوند [۱].',
      // [۲] in Persian digits, [٢،٣] in Arabic-Indic digits with the Arabic comma: both are written in the wild.
      'داده‌ها در هنگام انتقال با TLS 1.2 یا بالاتر رمزنگاری می‌شوند [۲]، و کلیدها هر سال عوض می‌شوند [٢،٣].',
      'نشت مشکوک داده باید ظرف ۲۴ ساعت به تیم امنیت گزارش شود [۴].',
    ].join('\n\n'),
    documents: [
      { id: PERSIAN_DOC.id, title: PERSIAN_DOC.title, url: `/api/documents/${PERSIAN_DOC.id}`, version: PERSIAN_DOC.version, mediaType: 'text/markdown' },
    ],
    sources: [
      { id: 'S1', documentId: PERSIAN_DOC.id, section: 'دسترسی', quote: once(MFA) },
      { id: 'S2', documentId: PERSIAN_DOC.id, section: 'رمزنگاری', quote: once(TLS) },
      { id: 'S3', documentId: PERSIAN_DOC.id, section: 'رمزنگاری', quote: once(KEYS) },
      { id: 'S4', documentId: PERSIAN_DOC.id, section: 'رخدادهای امنیتی', quote: once(INCIDENT) },
    ],
    citations: [1, 2, 3, 4].map((n) => ({ n, sourceId: `S${n}` })),
  };
}

/** The Persian document, its metadata and the answer, keyed by their path in the demo data. */
export function buildPersianFiles(): Array<[string, string]> {
  const json = (v: unknown): string => JSON.stringify(v, null, 2) + '\n';
  return [
    [`documents/${PERSIAN_DOC.id}.md`, PERSIAN_TEXT],
    [`documents/${PERSIAN_DOC.id}.meta.json`, json({ title: PERSIAN_DOC.title, version: PERSIAN_DOC.version })],
    ['answers/persian-vendor-policy.json', json(buildPersianAnswer())],
  ];
}
