// The one list of report formats' names (see index.ts), apart from the reports themselves: help and
// option parsing use it at start-up without loading every report's code (issue 26: the fixed cost).

/** In the order help and errors list them; the first is the default. true: a format other tools read,
 * which the CI jobs write as NAME.json when their `exports` input names it. */
const FORMATS = {
  terminal: false,
  markdown: false,
  json: false,
  junit: false,
  openmetrics: false,
  bmf: true,
  'github-action-benchmark': true,
} as const;

export type FormatName = keyof typeof FORMATS;
export type ExportFormat = { [K in FormatName]: (typeof FORMATS)[K] extends true ? K : never }[FormatName];

export const FORMAT_NAMES = Object.keys(FORMATS) as FormatName[];
export const EXPORT_FORMATS: readonly ExportFormat[] = FORMAT_NAMES.filter((name): name is ExportFormat => FORMATS[name]);

/** For help: "terminal (default), markdown, …, bmf or github-action-benchmark". */
export function formatChoicesText(): string {
  const [first, ...rest] = FORMAT_NAMES;
  return `${first} (default), ${rest.slice(0, -1).join(', ')} or ${rest.at(-1)}`;
}
