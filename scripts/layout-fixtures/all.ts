// Every generated layout fixture, for the corpus test and scripts/write-layout-fixtures.ts.
import type { LayoutFixture } from './fixture.ts';
import { buildTableFixture } from './tables.ts';
import { buildThreeColumnFixture } from './three-columns.ts';
import { buildVerticalFixture } from './vertical-cjk.ts';

export const LAYOUT_FIXTURES: readonly (() => Promise<LayoutFixture>)[] = [buildVerticalFixture, buildTableFixture, buildThreeColumnFixture];
