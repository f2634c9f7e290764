import type { ActionIO } from '../src/github/io.ts';

/** An ActionIO that says nothing and reads no input, but for what `overrides` gives. */
export function quietActionIO(overrides: Partial<ActionIO> = {}): ActionIO {
  return {
    getInput: () => '',
    setOutput: () => {},
    info: () => {},
    warning: () => {},
    notice: () => {},
    setFailed: () => {},
    writeSummary: async () => {},
    ...overrides,
  };
}
