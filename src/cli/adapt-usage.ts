// The usage text of `citelens adapt`, apart from the command so `--help` and `locate` do not load the adapters.

export const ADAPT_USAGE = `  citelens adapt FILE.json

adapt: reads an answer file, canonical ("format": "citelens/1" or none) or wrapped ("format": a citation format or
"auto", "documents", "payload"), and prints one JSON object to stdout:
  { "format": "<format read>", "answer": { …canonical answer… }, "warnings": [ "…" ] }
A canonical file gives format "citelens/1" and no warnings. Exit codes: 0 when it adapted (with warnings or not),
2 for bad usage, an unreadable or invalid JSON file, or a payload it cannot read (stderr says why, with JSON paths).
`;
