// How GitHub's runner reads a step's log for workflow commands (actions/runner,
// src/Runner.Common/ActionCommand.cs and src/Runner.Worker/ActionCommandManager.cs): a line is a
// command when, after leading whitespace, it starts with `::name[ props]::` (TryParseV2), or when it
// contains `##[name[ props]]` anywhere (TryParse, the legacy form, tried when V2 does not parse);
// `name` must be registered (case-insensitive). After `::stop-commands::TOKEN` no command is processed
// until a line that parses as the command TOKEN.

/** The commands the runner registers: its command extensions plus stop-commands. */
const REGISTERED = [
  'set-env',
  'set-output',
  'save-state',
  'add-mask',
  'add-path',
  'add-matcher',
  'remove-matcher',
  'debug',
  'warning',
  'error',
  'notice',
  'group',
  'endgroup',
  'echo',
  'stop-commands',
];

export interface RunnerCommand {
  /** 1-based line number in the log. */
  line: number;
  name: string;
  data: string;
  text: string;
}

function parse(line: string, registered: Set<string>): { name: string; data: string } | undefined {
  const trimmed = line.trimStart();
  if (trimmed.startsWith('::')) {
    const end = trimmed.indexOf('::', 2);
    if (end >= 0) {
      const name = trimmed.slice(2, end).split(' ')[0]!;
      if (registered.has(name.toLowerCase())) return { name, data: trimmed.slice(end + 2) };
    }
  }
  const prefix = line.indexOf('##[');
  if (prefix < 0) return undefined;
  const close = line.indexOf(']', prefix);
  if (close < 0) return undefined;
  const name = line.slice(prefix + 3, close).split(' ')[0]!;
  return registered.has(name.toLowerCase()) ? { name, data: line.slice(close + 1) } : undefined;
}

/** The commands the runner would act on in `log`, in order: everything outside stop-commands blocks. */
export function processedCommands(log: string): RunnerCommand[] {
  const registered = new Set(REGISTERED);
  let stopToken: string | undefined;
  const processed: RunnerCommand[] = [];
  log.split('\n').forEach((raw, i) => {
    const text = raw.replace(/\r$/, '');
    const command = parse(text, registered);
    if (!command) return;
    if (stopToken !== undefined) {
      if (command.name.toLowerCase() === stopToken) {
        registered.delete(stopToken);
        stopToken = undefined;
      }
      return;
    }
    processed.push({ line: i + 1, ...command, text });
    if (command.name.toLowerCase() === 'stop-commands' && command.data && command.data !== 'pause-logging') {
      stopToken = command.data.toLowerCase();
      registered.add(stopToken);
    }
  });
  return processed;
}

/**
 * The commands in `log` the action did not issue itself: its own are @actions/core's warning, error,
 * notice and debug (no properties), and stop-commands with a random UUID token.
 */
export function foreignCommands(log: string): RunnerCommand[] {
  return processedCommands(log).filter(
    (c) => !/^::(warning|error|notice|debug)::/.test(c.text) && !/^::stop-commands::[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(c.text),
  );
}
