import type { Command } from './types.ts';

// What `run:` executes. An argv list runs as given. A string runs by `/bin/sh -c`, unless it is
// plain words that a shell would only split on blanks: then the words run directly, as `make` does
// for such lines. The shell would be a process of its own under Valgrind (~0.3-0.5 s CPU a
// benchmark) whose start-up (~190,000 instructions) is counted; it changes nothing else. Anything a
// shell interprets keeps it: quotes, `\`, `$`, globs, `~`, `#`, redirections, separators, `&`, `|`,
// parentheses and braces, newlines, an assignment first (`A=1 prog`), and a builtin or keyword first
// (`cd`, `exit`, `true`, `if`), which a shell runs otherwise than a program of that name.

/** Characters of a plain word: none is special to a POSIX shell anywhere in a word. */
const PLAIN_WORDS = /^[A-Za-z0-9_./,:@%+=-]+(?:[ \t]+[A-Za-z0-9_./,:@%+=-]+)*$/;

/** dash's special and regular builtins and the shell's reserved words (POSIX 2.4, 2.14, dash(1)), and bash's
 * own (where /bin/sh is bash): a name a shell runs otherwise than a program of that name keeps the shell. */
const SHELL_OWN = new Set(
  (
    '. : [ alias bg break cd chdir command continue echo eval exec exit export false fc fg getopts hash jobs kill local ' +
    'printf pwd read readonly return set shift test times trap true type ulimit umask unalias unset wait ' +
    'case do done elif else esac fi for function if in select then until while ' +
    'builtin declare enable let logout mapfile readarray shopt source time typeset'
  ).split(' '),
);

/** Whether `run` is run by `/bin/sh -c` (see above). */
export function viaShell(run: Command): boolean {
  if (typeof run !== 'string') return false;
  const words = blanksTrimmed(run);
  const first = words.split(/[ \t]+/)[0]!;
  return !PLAIN_WORDS.test(words) || first.includes('=') || SHELL_OWN.has(first);
}

/** The argv `run` executes (see above). */
export function commandArgv(run: Command): string[] {
  if (typeof run !== 'string') return run;
  return viaShell(run) ? ['/bin/sh', '-c', run] : blanksTrimmed(run).split(/[ \t]+/);
}

/** Without the blanks and newlines a shell would skip at either end (YAML's `run: |` ends in one); nothing else. */
function blanksTrimmed(run: string): string {
  return run.replace(/^[ \t\n]+|[ \t\n]+$/g, '');
}
