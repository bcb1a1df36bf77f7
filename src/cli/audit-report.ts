// What `citelens audit` prints: one JSON object, or a Markdown report (the summary table, then each answer's review
// report from core/review/export-markdown.ts). Also the one-line progress and summary written to stderr.
import { escapeMarkdown, reviewExportToMarkdown } from '../core/review/export-markdown.ts';
import { METRIC_NAMES, type AnswerAudit, type AuditMetrics, type Ratio } from './audit-answer.ts';

/** An answer file the audit could not read: it fails, with the reason. */
export interface UnreadableAnswer {
  file: string;
  error: string;
}

export interface AuditRun {
  generatedAt: string;
  documentsDir: string | null;
  answers: Array<{ file: string; audit: AnswerAudit } | UnreadableAnswer>;
  totals: AuditMetrics;
}

export const ratio = (r: Ratio) => `${r.n} / ${r.m}`;
const isUnreadable = (a: AuditRun['answers'][number]): a is UnreadableAnswer => 'error' in a;

export const runPasses = (run: AuditRun) => run.answers.every((a) => !isUnreadable(a) && a.audit.pass);

const withText = (r: Ratio) => ({ ...r, text: ratio(r) });
const metricsJson = (m: AuditMetrics) => Object.fromEntries((Object.keys(m) as Array<keyof AuditMetrics>).map((k) => [k, withText(m[k])]));

export function auditToJson(run: AuditRun): string {
  const passed = run.answers.filter((a) => !isUnreadable(a) && a.audit.pass).length;
  const out = {
    tool: 'citelens audit',
    generatedAt: run.generatedAt,
    pass: runPasses(run),
    documentsDir: run.documentsDir,
    summary: { answers: run.answers.length, passed, failed: run.answers.length - passed, ...metricsJson(run.totals) },
    answers: run.answers.map((a) => {
      if (isUnreadable(a)) return { file: a.file, pass: false, error: a.error };
      const { audit } = a;
      return {
        file: a.file,
        answerId: audit.answerId,
        format: audit.format,
        pass: audit.pass,
        gateFailures: audit.gateFailures,
        metrics: metricsJson(audit.metrics),
        counts: audit.result.counts,
        adapterWarnings: audit.adapterWarnings,
        documents: audit.documents,
        review: audit.review,
      };
    }),
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}

const cell = (s: string) => escapeMarkdown(s);

export function auditToMarkdown(run: AuditRun): string {
  const passed = run.answers.filter((a) => !isUnreadable(a) && a.audit.pass).length;
  const out: string[] = [];
  out.push(`# citelens audit: ${runPasses(run) ? 'PASS' : 'FAIL'}`, '');
  out.push(
    `${run.answers.length} answer${run.answers.length === 1 ? '' : 's'}: ${passed} passed, ${run.answers.length - passed} failed. Generated ${cell(run.generatedAt)}; documents from ${run.documentsDir ? `\`${run.documentsDir.replace(/`/gu, "'")}\`` : 'nowhere (no --docs)'}.`,
    '',
  );
  out.push('| Check | Citations |', '|---|---|');
  for (const k of Object.keys(METRIC_NAMES) as Array<keyof AuditMetrics>) out.push(`| ${METRIC_NAMES[k]} | ${ratio(run.totals[k])} |`);
  out.push('');
  out.push('| Answer | Result | Errors | Warnings | Retrieved | Quote found | Page correct | Highlight | Supported |', '|---|---|---|---|---|---|---|---|---|');
  for (const a of run.answers) {
    if (isUnreadable(a)) {
      out.push(`| ${cell(a.file)} | unreadable | | | | | | | |`);
      continue;
    }
    const { audit } = a;
    const m = audit.metrics;
    out.push(
      `| ${cell(audit.answerId)} | ${audit.pass ? 'pass' : '**FAIL**'} | ${audit.result.counts.error} | ${audit.result.counts.warning} | ${ratio(m.retrieved)} | ${ratio(m.quoteFound)} | ${ratio(m.pageCorrect)} | ${ratio(m.highlight)} | ${ratio(m.supported)} |`,
    );
  }
  out.push('');
  for (const a of run.answers) {
    if (isUnreadable(a)) {
      out.push(`## ${cell(a.file)}: unreadable`, '', cell(a.error), '');
      continue;
    }
    const { audit } = a;
    out.push(`## ${cell(audit.answerId)}: ${audit.pass ? 'pass' : 'FAIL'}`, '');
    out.push(`File ${cell(a.file)} (${cell(audit.format)}).`, '');
    if (audit.gateFailures.length > 0) {
      out.push('Fails the release gate:', '');
      for (const g of audit.gateFailures) out.push(`- ${cell(g)}`);
      out.push('');
    }
    for (const w of audit.adapterWarnings) out.push(`- Adapter warning: ${cell(w)}`);
    if (audit.adapterWarnings.length > 0) out.push('');
    out.push(reviewExportToMarkdown(audit.review, { headingLevel: 3 }));
  }
  // (?<!\n): the trailing newlines are tried once, from the first, not from each (quadratic on a long run)
  return `${out.join('\n').replace(/(?<!\n)\n+$/u, '')}\n`;
}

/** The stderr line after each answer of a folder. */
export function progressLine(index: number, total: number, a: AuditRun['answers'][number]): string {
  const at = `[${index}/${total}]`;
  if (isUnreadable(a)) return `audit ${at} ${a.file}: UNREADABLE: ${a.error.split('\n')[0]}\n`;
  const { counts } = a.audit.result;
  return `audit ${at} ${a.file}: ${a.audit.pass ? 'pass' : 'FAIL'} (${counts.error} error${counts.error === 1 ? '' : 's'}, ${counts.warning} warning${counts.warning === 1 ? '' : 's'})\n`;
}

/** The stderr summary after a folder. */
export function summaryLine(run: AuditRun): string {
  const passed = run.answers.filter((a) => !isUnreadable(a) && a.audit.pass).length;
  const parts = (Object.keys(METRIC_NAMES) as Array<keyof AuditMetrics>).map((k) => `${METRIC_NAMES[k].toLowerCase()} ${ratio(run.totals[k])}`);
  return `audit: ${run.answers.length} answers, ${passed} passed, ${run.answers.length - passed} failed; ${parts.join('; ')}\n`;
}
