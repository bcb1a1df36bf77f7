import { canonicalAnswerSchema } from '../../api/answer-schema.ts';
import { answerFromJson, isApiError, type AnswerResult } from '../../api/client.ts';
import { contentHash } from '../../core/documents/content-hash.ts';
import { fileStem, matchDocumentFiles, urlBaseName } from '../../core/documents/match-document-file.ts';
import { parseJson } from '../../core/json/parse-json.ts';
import { bareResponseWrapper, fillDocumentUrls, mayBeBareResponse } from '../../core/model/answer-file.ts';
import { isMissingLocalFile, LOCAL_PREFIX, needsFile, NO_FILE_BASE, type LocalAnswer } from './local-answer.ts';

// Reading an answer file from the reviewer's disk and pointing its documents at the files given with it
// (local-answer.ts says how). Loaded when files are picked or dropped (use-local-files.ts), not with the app: JSON
// parsing with positions, the content hash and the file matching are no part of showing an answer (issue #37).

/** Why a file could not be read at all, for the notice to say in the UI language (the message is English). */
export interface LocalFileProblem {
  kind: 'unreadable' | 'not-json';
  /** The browser's or the JSON parser's own words (not ours to translate). */
  detail: string;
}

/** A local file could not be used; `file` is its name, `issues` the JSON paths that are wrong (`documents[0].title: …`). */
export class LocalFileError extends Error {
  override readonly name = 'LocalFileError';
  constructor(
    readonly file: string,
    message: string,
    readonly issues: readonly string[] = [],
    readonly problem?: LocalFileProblem,
  ) {
    super(message);
  }
}

const MEDIA_TYPES: Record<string, string> = { pdf: 'application/pdf', md: 'text/markdown', markdown: 'text/markdown', txt: 'text/plain' };

function mediaTypeOf(file: File): string {
  const ext = /\.([a-z0-9]+)$/iu.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return MEDIA_TYPES[ext] ?? (file.type || 'application/octet-stream');
}

/**
 * Reads an answer file (canonical, wrapped, or any provider payload the adapters know). Throws LocalFileError.
 * `documentNames`: the document files given with it, the only documents a bare provider payload can cite.
 */
export async function readAnswerFile(file: File, documentNames: readonly string[] = []): Promise<{ id: string; read: AnswerResult }> {
  let text: string;
  try {
    text = await file.text();
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    throw new LocalFileError(file.name, `${file.name} could not be read (${detail}).`, [], { kind: 'unreadable', detail });
  }
  // Where the JSON breaks, as a line and column (a truncated download is the usual cause).
  const json = parseJson(text);
  if (!json.ok) throw new LocalFileError(file.name, `${file.name} is not valid JSON (${json.message}).`, [], { kind: 'not-json', detail: json.message });
  const data = json.value;
  const id = `${LOCAL_PREFIX}${contentHash(text)}`;
  let read: AnswerResult;
  try {
    read = await answerFromJson(withDocumentUrls(await asAnswerFile(data, file.name, documentNames)), NO_FILE_BASE, file.name);
  } catch (e) {
    if (isApiError(e)) throw new LocalFileError(file.name, e.message, e.issues ?? []);
    throw e;
  }
  // Like a portal's answer, it is reviewed under its own id, never under the id written in the file (which may be a
  // stored answer's: its decisions must not land there).
  return { id, read: { ...read, answer: { ...read.answer, id } } };
}

/**
 * A provider's bare response (no citelens wrapper, not a canonical answer) is read as `format: "auto"`, as if wrapped,
 * under the file's name. It does not list its documents, so the files given with it are its documents: the adapters
 * match a citation's file name, id or title to them, as they do for a wrapper's documents.
 */
async function asAnswerFile(data: unknown, fileName: string, documentNames: readonly string[]): Promise<unknown> {
  if (!mayBeBareResponse(data)) return data;
  if (canonicalAnswerSchema.safeParse(withDocumentUrls(data)).success) return data;
  // Loaded only here, like the adapters themselves (api/client.ts): the home page's first paint carries neither.
  let detect: typeof import('../../core/adapters/detect.ts');
  try {
    detect = await import('../../core/adapters/detect.ts');
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    throw new LocalFileError(fileName, `${fileName} could not be read: the code that recognises providers' responses did not load (${detail}).`);
  }
  if (detect.detectFormat(data) === null) return data;
  const documents = documentNames.map((name) => ({ id: fileStem(name), title: fileStem(name), url: encodeURIComponent(name) }));
  return bareResponseWrapper(data, fileStem(fileName), documents);
}

/** A document without `url` is named by its id, as the server would name it. */
const withDocumentUrls = (data: unknown) => fillDocumentUrls(data, (id) => encodeURIComponent(id));

/**
 * Matches `files` to the answer's documents that still lack one and turns each match into a blob: URL. Returns the
 * new local answer and the URLs it created (the caller revokes them with the answer).
 */
export function attachFiles(
  local: Omit<LocalAnswer, 'files' | 'unmatched'> & Partial<Pick<LocalAnswer, 'files' | 'unmatched'>>,
  files: readonly File[],
): LocalAnswer {
  const previous = new Map(local.files ?? []);
  const candidates = local.read.answer.documents.filter((d) => needsFile(d) && !previous.has(d.id));
  const names = files.map((f) => f.name);
  const matched = matchDocumentFiles(candidates, names);
  const byName = new Map(files.map((f) => [f.name, f]));
  const next = new Map(previous);
  const urls = new Map<string, string>();
  for (const [docId, name] of matched.byDocument) {
    const file = byName.get(name)!;
    let url = urls.get(name);
    if (!url) urls.set(name, (url = URL.createObjectURL(file)));
    next.set(docId, { name, url, mediaType: mediaTypeOf(file) });
  }
  return { id: local.id, answerFile: local.answerFile, read: local.read, files: next, unmatched: [...(local.unmatched ?? []), ...matched.unmatched] };
}

/**
 * The answer as the app shows it: matched documents point at their blob: URLs (with a media type when none was
 * given); documents still missing at a `local-file:` address (never the server's copy of a same-named document).
 */
export function composeAnswer(local: LocalAnswer): AnswerResult {
  const documents = local.read.answer.documents.map((d) => {
    const file = local.files.get(d.id);
    if (file) return { ...d, url: file.url, mediaType: d.mediaType ?? file.mediaType };
    if (!needsFile(d) || isMissingLocalFile(d)) return d;
    return { ...d, url: `${NO_FILE_BASE}${encodeURIComponent(urlBaseName(d.url) ?? d.id)}` };
  });
  return { ...local.read, answer: { ...local.read.answer, documents } };
}
