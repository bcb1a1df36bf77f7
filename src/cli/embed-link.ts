import { ConfigError } from '../node/config-error.ts';
import { parseEmbedOrigins, parseOrigin } from '../node/embed/origins.ts';
import { DEFAULT_TTL_SECONDS, parseEmbedSecret, signedQuery } from '../node/embed/signed-link.ts';

// `citelens embed-link`: prints a signed /embed link for portals that cannot run JavaScript (docs/embed.md).
// The secret comes from the environment only (CITELENS_EMBED_SECRET), never from an argument, which would show
// in `ps` and shell history.

export const EMBED_LINK_USAGE = `Usage:
  citelens embed-link --answer ID --origin ORIGIN [--ttl SECONDS] [--base URL]

Prints one signed embed link to stdout: BASE/embed?answer=ID&origin=ORIGIN&exp=T&sig=S
  --answer ID      the answer to show (an id from the data folder)
  --origin ORIGIN  the portal that frames it, scheme://host[:port]; the server must list it in CITELENS_EMBED_ORIGINS
  --ttl SECONDS    how long the link can be opened (default ${DEFAULT_TTL_SECONDS})
  --base URL       where citelens is served, e.g. https://citelens.example.com (default: print a path, /embed?...)
The HMAC key is CITELENS_EMBED_SECRET (at least 32 characters), the same value the server runs with.
Exit codes: 0 printed; 2 bad usage or a missing or short secret.
`;

class UsageError extends Error {}

const ANSWER_ID = /^[A-Za-z0-9._-]+$/;
const MAX_TTL_SECONDS = 7 * 24 * 3600;

interface Args {
  answer: string;
  origin: string;
  ttl: number;
  base: URL | undefined;
}

function parseArgs(argv: string[]): Args | 'help' {
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  let answer: string | undefined;
  let origin: string | undefined;
  let ttl = DEFAULT_TTL_SECONDS;
  let base: URL | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${a} needs a value`);
      return v;
    };
    if (a === '--answer') answer = value();
    else if (a === '--origin') {
      const v = value();
      const parsed = parseOrigin(v);
      if (!parsed.ok) throw new UsageError(`--origin "${v}" is not an origin: ${parsed.reason}`);
      origin = parsed.origin;
    } else if (a === '--ttl') {
      const v = value();
      ttl = Number(v);
      if (!/^\d+$/.test(v) || ttl < 1 || ttl > MAX_TTL_SECONDS) {
        throw new UsageError(`--ttl must be a whole number of seconds from 1 to ${MAX_TTL_SECONDS}, got ${v}`);
      }
    } else if (a === '--base') {
      const v = value();
      try {
        base = new URL(v);
      } catch {
        throw new UsageError(`--base "${v}" is not a URL`);
      }
      if (!/^https?:$/.test(base.protocol) || base.search || base.hash) {
        throw new UsageError(`--base must be an http(s) URL without query or fragment, got ${v}`);
      }
    } else throw new UsageError(a.startsWith('--') ? `unknown option: ${a}` : `unexpected argument: ${a}`);
  }
  if (answer === undefined) throw new UsageError('missing --answer');
  if (!ANSWER_ID.test(answer) || /^\.+$/.test(answer)) throw new UsageError(`--answer "${answer}" is not a valid answer id ([A-Za-z0-9._-]+)`);
  if (origin === undefined) throw new UsageError('missing --origin');
  return { answer, origin, ttl, base };
}

export function runEmbedLink(argv: string[], env: NodeJS.ProcessEnv, nowMs: number, stdout: (s: string) => void, stderr: (s: string) => void): number {
  let args: Args | 'help';
  let secret: string | undefined;
  try {
    args = parseArgs(argv);
    if (args === 'help') {
      stdout(EMBED_LINK_USAGE);
      return 0;
    }
    secret = parseEmbedSecret(env.CITELENS_EMBED_SECRET);
  } catch (e) {
    if (e instanceof UsageError) {
      stderr(`citelens: ${e.message}\n\n${EMBED_LINK_USAGE}`);
      return 2;
    }
    if (e instanceof ConfigError) {
      stderr(`citelens: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  if (secret === undefined) {
    stderr('citelens: CITELENS_EMBED_SECRET is not set: it must hold the same secret (at least 32 characters) as the server.\n');
    return 2;
  }
  // Where the CLI runs beside the server, catch a link the server would refuse. Elsewhere the list is unknown.
  try {
    const allowed = parseEmbedOrigins(env.CITELENS_EMBED_ORIGINS);
    if (allowed.length > 0 && !allowed.includes(args.origin)) {
      stderr(`citelens: warning: ${args.origin} is not in CITELENS_EMBED_ORIGINS; a server with that list refuses this link.\n`);
    }
  } catch {
    // An invalid list is the server's to report.
  }
  const query = signedQuery(secret, { answer: args.answer, origin: args.origin, exp: Math.floor(nowMs / 1000) + args.ttl });
  let link: string;
  if (args.base) {
    const url = new URL(args.base);
    // (?<!\/): the trailing slashes are tried once, from the first, not from each (quadratic on a long run)
    url.pathname = `${url.pathname.replace(/(?<!\/)\/+$/, '')}/embed`;
    link = `${url.toString()}?${query}`;
  } else link = `/embed?${query}`;
  stdout(`${link}\n`);
  return 0;
}
