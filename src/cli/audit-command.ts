// `citelens audit ANSWER.json|DIR [--docs DIR] [--format json|md]`: the review rules, headless, for CI. Answers are
// read with the adapt command's loader (readAnswerFile), documents found by audit-documents.ts, each answer reviewed
// by audit-answer.ts, and the run printed by audit-report.ts. stdout holds only the report.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { readAnswerFile } from '../node/answer-file.ts';
import { addMetrics, auditAnswer, emptyMetrics } from './audit-answer.ts';
import { DocumentStore } from './audit-documents.ts';
import { auditToJson, auditToMarkdown, progressLine, runPasses, summaryLine, type AuditRun } from './audit-report.ts';
import { AUDIT_USAGE } from './audit-usage.ts';

type Out = (s: string) => void;

interface AuditArgs {
  target: string;
  docs?: string;
  format: 'json' | 'md';
}

class UsageError extends Error {}

function parseArgs(args: string[]): AuditArgs {
  let target: string | undefined;
  let docs: string | undefined;
  let format: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = () => {
      const v = args[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${a} needs a value`);
      return v;
    };
    if (a === '--docs') docs = value();
    else if (a === '--format') format = value();
    else if (a.startsWith('-')) throw new UsageError(`unknown option: ${a}`);
    else if (target === undefined) target = a;
    else throw new UsageError(`unexpected argument: ${a}`);
  }
  if (!target) throw new UsageError('missing ANSWER.json or DIR');
  if (format !== undefined && format !== 'json' && format !== 'md') throw new UsageError(`--format must be json or md, got ${format}`);
  return { target, format: format ?? 'json', ...(docs !== undefined ? { docs } : {}) };
}

const isDir = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

const answerFiles = (dir: string) =>
  readdirSync(dir)
    .filter((n) => n.toLowerCase().endsWith('.json') && !n.toLowerCase().endsWith('.meta.json') && !isDir(path.join(dir, n)))
    .sort()
    .map((n) => path.join(dir, n));

/** The answers to audit and the folder they are in: a file, a folder of answers, or a data folder with answers/. */
function resolveTarget(target: string): { files: string[]; answersDir: string; folder: boolean } {
  if (!existsSync(target)) throw new UsageError(`${target} does not exist`);
  if (!isDir(target)) return { files: [target], answersDir: path.dirname(path.resolve(target)), folder: false };
  let dir = target;
  let files = answerFiles(dir);
  if (files.length === 0 && isDir(path.join(target, 'answers'))) {
    dir = path.join(target, 'answers');
    files = answerFiles(dir);
  }
  if (files.length === 0) throw new UsageError(`no *.json answer files in ${target}`);
  return { files, answersDir: path.resolve(dir), folder: true };
}

export async function runAudit(args: string[], stdout: Out, stderr: Out, now: () => Date = () => new Date()): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    stdout(`Usage:\n${AUDIT_USAGE}`);
    return 0;
  }
  let parsed: AuditArgs;
  let target: ReturnType<typeof resolveTarget>;
  let docsDir: string | null;
  try {
    parsed = parseArgs(args);
    target = resolveTarget(parsed.target);
    if (parsed.docs !== undefined && !isDir(parsed.docs)) throw new UsageError(`--docs ${parsed.docs} is not a folder`);
    const beside = path.join(path.dirname(target.answersDir), 'documents');
    docsDir = parsed.docs !== undefined ? path.resolve(parsed.docs) : isDir(beside) ? beside : null;
  } catch (e) {
    if (e instanceof UsageError) {
      stderr(`citelens audit: ${e.message}\n\nUsage:\n${AUDIT_USAGE}`);
      return 2;
    }
    throw e;
  }
  if (!docsDir) stderr(`citelens audit: no documents/ folder beside ${target.answersDir} and no --docs: every cited document is unavailable\n`);

  const store = new DocumentStore(docsDir, (m) => stderr(`citelens audit: warning: ${m}\n`));
  const generatedAt = now().toISOString();
  const run: AuditRun = { generatedAt, documentsDir: docsDir, answers: [], totals: emptyMetrics() };
  try {
    for (const [i, file] of target.files.entries()) {
      // relative to where the command runs when the file is below it, else as it is
      const rel = path.relative(process.cwd(), file);
      const shown = target.folder && rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
      const read = readAnswerFile(file);
      if (!read.ok) {
        if (!target.folder) {
          stderr(`citelens audit: ${read.message}\n`);
          return 2;
        }
        run.answers.push({ file: shown, error: read.message });
      } else {
        const audit = await auditAnswer(read.answer, read.format, read.warnings, store, generatedAt);
        addMetrics(run.totals, audit.metrics);
        run.answers.push({ file: shown, audit });
      }
      if (target.folder) stderr(progressLine(i + 1, target.files.length, run.answers[run.answers.length - 1]!));
    }
  } finally {
    await store.close();
  }
  if (target.folder) stderr(summaryLine(run));
  stdout(parsed.format === 'md' ? auditToMarkdown(run) : auditToJson(run));
  return runPasses(run) ? 0 : 1;
}
