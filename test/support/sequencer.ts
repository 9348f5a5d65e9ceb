import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest (seconds on the 2-core CI, 2026-11-27), started first so that none of them
 * is left running alone at the end. Vitest's own order puts the slowest first only when its results
 * cache has their durations, which a fresh clone (CI) does not have; there it goes by file name.
 */
const SLOW_FIRST = [
  "test/api/campaign-build-resume.test.ts", // 178
  "test/api/bulk-edit-kill.test.ts", // 117
  "test/api/import.test.ts", // 114
  "test/api/bad-input.test.ts", // 111
  "test/api/dialer-engine.test.ts", // 76
  "test/api/startup.test.ts", // 74
  "test/api/dialer-dispense-resume.test.ts", // 72
  "test/api/embedded-privacy.test.ts", // 68
  "test/e2e/accessibility.test.ts", // 59
  "test/api/custom-fields.test.ts", // 56
  "test/api/seed-campaign.test.ts", // 55
  "test/e2e/shell.test.ts", // 53
  "test/api/import-resume.test.ts", // 46
  "test/conformance/search.test.ts", // 42
  "test/api/campaign-schedule.test.ts", // 41
];

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = SLOW_FIRST.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
      return at === -1 ? SLOW_FIRST.length : at;
    };
    // Array sort is stable: the rest keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
