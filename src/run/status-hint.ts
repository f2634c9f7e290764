import { constants } from 'node:os';

/**
 * What an exit status probably means, for a message: 127 a missing command, above 128 a process
 * killed by that signal (a shell, or a pid namespace's init, reports its child's death so).
 */
export function statusHint(code: number | null): string {
  if (code === 127) return ' (command not found?)';
  const signal = code !== null && code > 128 ? Object.entries(constants.signals).find(([, n]) => n === code - 128)?.[0] : undefined;
  return signal ? ` (a process was killed by ${signal}?)` : '';
}
