/**
 * A process for runProcess to start: its argv and the environment its first program gets, made
 * together and only read afterwards. sandboxedCommand() makes the code's (cg-bench's own programs
 * before it get their fixed environment; the code's own is set by `env -i` inside the argv); cg-bench's
 * own commands (probes, git) are made with `new Command`. The fields are private, so a copy made by
 * spreading (`{ ...command, env }`, as the Python attribution pass once did, losing the counter its
 * command carried) is not a Command: argv and env cannot be mixed from two places by accident.
 */
export class Command {
  readonly #argv: readonly string[];
  readonly #env: Readonly<Record<string, string>>;

  constructor(argv: readonly string[], env: Readonly<Record<string, string>>) {
    this.#argv = Object.freeze([...argv]);
    this.#env = Object.freeze({ ...env });
  }

  get argv(): readonly string[] {
    return this.#argv;
  }

  get env(): Readonly<Record<string, string>> {
    return this.#env;
  }

  /** The same command behind cg-bench's own programs (a stopwatch, perf), which get its environment. */
  behind(own: readonly string[]): Command {
    return new Command([...own, ...this.#argv], this.#env);
  }
}
