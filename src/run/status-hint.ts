import { constants } from 'node:os';

/**
 * What an exit status probably means, for a message: shells report "not found" as 127 and a child
 * killed by signal N as 128+N (a pid namespace's init, a shell, reports its child's death so).
 */
export function statusHint(code: number | null): string {
  if (code === 127) return ' (command not found?)';
  const signal = code !== null && code > 128 ? Object.entries(constants.signals).find(([, n]) => n === code - 128)?.[0] : undefined;
  return signal ? ` (a process was killed by ${signal}?)` : '';
}
