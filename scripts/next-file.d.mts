// The type of scripts/next-file.mjs, for tests/unit/next-file.test.ts (tsc checks the tests, not the .mjs).
export interface NextFileRules {
  slots: number;
  waiting(file: string): boolean;
  exclusive(file: string): boolean;
  waits(file: string, other: string): boolean;
  ready(file: string): boolean;
  unit(file: string): boolean;
}
export function takeNext(left: string[], running: string[], rules: NextFileRules): string | undefined;
