/** A file-system-safe, readable, unique-enough directory name for a benchmark. */
export function slugify(name: string, index: number): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 60);
  return `${String(index + 1).padStart(2, '0')}-${base || 'benchmark'}`;
}
