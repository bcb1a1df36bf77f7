// `citelens adapt FILE.json`: normalizes an answer file (canonical, or wrapped in any citation format, `auto`
// included) with the app's own code (adaptWrappedAnswer) and prints ONE JSON object to stdout:
// `{ "format", "answer", "warnings" }`. Everything else goes to stderr.
import { readAnswerFile } from '../node/answer-file.ts';
import { ADAPT_USAGE } from './adapt-usage.ts';

type Out = (s: string) => void;

export function runAdapt(args: string[], stdout: Out, stderr: Out): number {
  const fail = (message: string) => {
    stderr(`citelens adapt: ${message}\n`);
    return 2;
  };
  if (args.includes('--help') || args.includes('-h')) {
    stdout(`Usage:\n${ADAPT_USAGE}`);
    return 0;
  }
  const options = args.filter((a) => a.startsWith('-'));
  if (options.length > 0) return fail(`unknown option: ${options[0]}\n\nUsage:\n${ADAPT_USAGE}`);
  if (args.length !== 1) return fail(`${args.length === 0 ? 'missing FILE.json' : `unexpected argument: ${args[1]}`}\n\nUsage:\n${ADAPT_USAGE}`);
  const file = args[0]!;

  const read = readAnswerFile(file);
  if (!read.ok) return fail(read.message);
  stdout(`${JSON.stringify({ format: read.format, answer: read.answer, warnings: read.warnings })}\n`);
  return 0;
}
