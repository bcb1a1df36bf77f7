import path from 'node:path';
import { statFile } from './files.ts';

// A document of the data folder may be `<id>.pdf`, `<id>.md` or `<id>.txt`, all served under
// `/api/documents/<id>` (the same order as that route: a PDF wins). The URL names no type, so the answer route
// declares it on the document reference (`mediaType`) for Markdown and text files: the viewer then renders them
// as text instead of handing them to pdf.js. A PDF is left as it is (no mediaType means PDF), so the answers the
// server sends for PDFs do not change.

const TEXT_TYPES = [
  ['.md', 'text/markdown'],
  ['.txt', 'text/plain'],
] as const;

/** `documents` with `mediaType` filled in where a stored document is Markdown or plain text and none was declared. */
export async function declareTextMediaTypes(documents: readonly unknown[], documentsDir: string, isValidId: (id: string) => boolean): Promise<unknown[]> {
  return Promise.all(
    documents.map(async (d) => {
      if (!isRecord(d) || d.mediaType != null || typeof d.id !== 'string' || !isValidId(d.id)) return d;
      if (d.url != null && d.url !== `/api/documents/${encodeURIComponent(d.id)}`) return d;
      if (await statFile(path.join(documentsDir, `${d.id}.pdf`))) return d;
      for (const [ext, type] of TEXT_TYPES) {
        if (await statFile(path.join(documentsDir, `${d.id}${ext}`))) return { ...d, mediaType: type };
      }
      return d;
    }),
  );
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
