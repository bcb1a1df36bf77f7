// The review export as a Markdown report a person reads (or pastes into a ticket). Claims, notes, titles and reasons
// are untrusted: every one is escaped so that it renders as the same words, never as a link, an image, HTML or
// structure (a heading, a list item, a table).
import type { ExportEntry, ExportFlag, ReviewExport } from './export.ts';

// `(`, `)` and `!` mean something only after or before a bracket, and brackets are escaped
const INLINE_SPECIAL = /[\\`*_[\]<>|~&#]/gu;

/** One line of untrusted text as literal Markdown: whitespace folded, punctuation that means something escaped. */
export function escapeMarkdown(text: string): string {
  const folded = (typeof text === 'string' ? text : '').replace(/\s+/gu, ' ').trim();
  // a line may not start a block: "- x", "+ x", "1. x", "> x", "=== " (setext), "    code" is gone with the fold
  return folded
    .replace(INLINE_SPECIAL, '\\$&')
    .replace(/^[-+=]/u, '\\$&')
    .replace(/^(\d+)([.)])/u, '$1\\$2');
}

const SEVERITY_WORD = { error: 'Error', warning: 'Warning', info: 'Info' } as const;

/** A citation's verdict (citation-verdict.ts) in words a reader of the report understands without the app. */
const VERDICT_WORD: Record<NonNullable<ExportEntry['verdict']>, string> = {
  ok: 'passed every check',
  pending: 'not checked yet',
  muted: 'nothing to check',
  approx: 'approximate match',
  warn: 'warning',
  bad: 'failed a check',
};

function flagLine(f: ExportFlag): string {
  return `**${SEVERITY_WORD[f.severity]}** \`${f.code}\`: ${escapeMarkdown(f.reason)}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function citationLine(e: ExportEntry): string {
  if (!e.citation) return 'No citation';
  const parts = [`[${escapeMarkdown(e.citation.key)}] → ${escapeMarkdown(e.citation.sourceId)}`];
  if (e.document) parts.push(`“${escapeMarkdown(e.document.title)}”`);
  if (e.page !== null) parts.push(`page ${e.page}`);
  if (e.foundPage !== null && e.foundPage !== e.page) parts.push(`found on page ${e.foundPage}`);
  if (e.status) parts.push(`status: ${e.status}`);
  if (e.verdict) parts.push(`verdict: ${VERDICT_WORD[e.verdict]}`);
  return parts.join(' · ');
}

/** A note keeps its line breaks, as a block quote of escaped lines. */
function noteBlock(note: string): string[] {
  const lines = note.split(/\r\n|\r|\n/u).map((l) => escapeMarkdown(l));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  // a hard line break (trailing backslash) between two lines; an empty line starts a new paragraph
  return lines.map((l, i) => (l === '' ? '>' : `> ${l}${lines[i + 1] ? '\\' : ''}`));
}

export interface MarkdownOptions {
  /** Level of the report's title (1 = "#"); its sections are one level below. Default 1. */
  headingLevel?: 1 | 2 | 3;
}

/** The report: title, counts, answer-level flags, the backend's report, then every claim with its citations. */
export function reviewExportToMarkdown(exp: ReviewExport, opts: MarkdownOptions = {}): string {
  const h = (level: number) => '#'.repeat(Math.min(6, (opts.headingLevel ?? 1) + level));
  const out: string[] = [];
  out.push(`${h(0)} Review: ${escapeMarkdown(exp.question ?? exp.answerId)}`, '');
  out.push(`Answer \`${exp.answerId.replace(/`/gu, "'")}\` · exported ${escapeMarkdown(exp.exportedAt)}`, '');
  const c = exp.counts;
  out.push(
    `${plural(c.claims, 'claim')}, ${c.reviewed} reviewed (${c.verified} verified, ${c.rejected} rejected, ${c.followUp} follow-up). ` +
      `Flags: ${plural(c.flags.error, 'error')}, ${plural(c.flags.warning, 'warning')}, ${c.flags.info} info.`,
    '',
  );

  if (exp.answerFlags.length > 0) {
    out.push(`${h(1)} The answer as a whole`, '');
    for (const f of exp.answerFlags) out.push(`- ${flagLine(f)}`);
    out.push('');
  }

  const r = exp.report;
  if (r) {
    out.push(`${h(1)} The backend's review report`, '');
    const fields: Array<[string, string | number | undefined]> = [
      ['Grounding', r.groundingStatus],
      ['Consistency', r.consistencyStatus],
      ['Completeness', r.completenessStatus],
      ['Retries', r.retryCount],
    ];
    for (const [name, value] of fields) if (value !== undefined) out.push(`- ${name}: \`${value}\``);
    for (const n of r.notes) out.push(`- **${SEVERITY_WORD[n.severity]}**: ${escapeMarkdown(n.text)}`);
    if (r.unreadable.length > 0) out.push(`- Unreadable fields: ${r.unreadable.map(escapeMarkdown).join(', ')}`);
    out.push('');
  }

  out.push(`${h(1)} Claims`, '');
  if (exp.entries.length === 0) out.push('The answer has no claims.', '');
  let n = 0;
  let current: string | null = null;
  let turn: number | undefined;
  exp.entries.forEach((e, i) => {
    // A conversation's export: each turn under a heading of its own, its claims numbered from 1 again.
    if (e.turn !== undefined && e.turn !== turn) {
      turn = e.turn;
      n = 0;
      current = null;
      out.push(`${h(2)} Turn ${e.turn}${e.answerId ? ` (\`${e.answerId.replace(/`/gu, "'")}\`)` : ''}`, '');
    }
    const claimKey = `${e.answerId ?? ''}\u0000${e.claimId}`;
    if (claimKey !== current) {
      current = claimKey;
      n++;
      out.push(`${h(e.turn !== undefined ? 3 : 2)} ${n}\\. ${escapeMarkdown(e.claim)}`, '');
      const decision = e.decision
        ? `**${e.decision}**${e.reviewer ? ` by ${escapeMarkdown(e.reviewer)}` : ''}${e.decidedAt ? ` on ${escapeMarkdown(e.decidedAt)}` : ''}`
        : 'not reviewed yet';
      out.push(`Decision: ${decision}`, '');
      if (e.note.trim()) out.push(...noteBlock(e.note), '');
    }
    out.push(`- ${citationLine(e)}`);
    // The evidence itself, so the report can be read without the documents.
    if (e.quote) out.push(`  - Quote: “${escapeMarkdown(e.quote)}”`);
    for (const f of e.flags) out.push(`  - ${flagLine(f)}`);
    const next = exp.entries[i + 1];
    if (next?.claimId !== e.claimId || next.answerId !== e.answerId) out.push('');
  });
  return `${out.join('\n').replace(/(?<!\n)\n+$/u, '')}\n`;
}
