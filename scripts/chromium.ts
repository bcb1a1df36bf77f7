// How every tool of ours starts Debian's Chromium (never a downloaded browser): Playwright's tests and the bench.
// Without the background-networking flags, Chromium keeps trying hosts that this machine's closed network refuses.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
