// The Chromium command line of every browser test and of the grid bench (tests/bench/grid.bench.ts): one
// list, so a bench figure is never won by a flag the tests (and the product's users) do not run with.
// --disable-gpu: these machines have no GPU; canvas and compositing are rasterised in software.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
