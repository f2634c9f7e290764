import { createRequire } from 'node:module';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';

/**
 * Ajv, loaded when a schema is first compiled: runs compile none (scripts/validators.mjs compiles the
 * configuration's and the results' validators at build time), the tests do. Were a run to, Ajv is a
 * file of its own beside the bundle in dist/, dist/ajv.cjs (scripts/build.mjs maps this require() to
 * it), which a start does not even parse; under tsx (the tests) an ES module has no require, and Node's is used.
 */
function ajvModule(): typeof import('ajv') {
  return typeof require === 'function' ? require('ajv') : createRequire(import.meta.url)('ajv');
}

/**
 * One Ajv for every schema we ship; `x-message` is our annotation for a friendlier error text. The
 * schemas are ours, checked against their meta-schema by a test (tests/unit/start-up.test.ts), so
 * each run need not compile the meta-schema (~0.1 s CPU) to check them again: `validateSchema: false`.
 */
export function createAjv(options: { validateSchema?: boolean } = {}): Ajv {
  const ajv = new (ajvModule().Ajv)({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true, validateSchema: options.validateSchema ?? false });
  ajv.addKeyword({ keyword: 'x-message', schemaType: 'string' });
  return ajv;
}

/** `/benchmarks/2/run` → `benchmarks[2].run` */
function jsonPointerToPath(pointer: string): string {
  let out = '';
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(part)) out += `[${part}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out;
}

export interface SchemaProblem {
  /** Path segments of the offending value (for locating it in a YAML document). */
  segments: (string | number)[];
  path: string;
  message: string;
}

function describeValue(value: unknown): string {
  // JSON has no NaN or Infinity (YAML's .nan, .inf, 1e309): say what the value was, not "null".
  const text = typeof value === 'number' && !Number.isFinite(value) ? String(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function closest(word: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const candidate of candidates) {
    const d = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

function segmentsOf(pointer: string): (string | number)[] {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

function problemFor(error: ErrorObject): SchemaProblem {
  const segments = segmentsOf(error.instancePath);
  const custom = (error.parentSchema as Record<string, unknown> | undefined)?.['x-message'];
  const at = (extra: string | number): SchemaProblem => {
    const all = [...segments, extra];
    return { segments: all, path: jsonPointerToPath(`${error.instancePath}/${String(extra)}`), message: '' };
  };
  const here: SchemaProblem = { segments, path: jsonPointerToPath(error.instancePath) || '(top level)', message: '' };
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { ...at(String(params['missingProperty'])), message: 'is required' };
    case 'additionalProperties': {
      const key = String(params['additionalProperty']);
      const known = Object.keys(((error.parentSchema as Record<string, unknown>)?.['properties'] ?? {}) as object);
      const guess = closest(key, known);
      return {
        ...at(key),
        message: `unknown key${guess ? ` (did you mean "${guess}"?)` : ''}; allowed: ${known.join(', ')}`,
      };
    }
    case 'propertyNames':
      return { ...at(String(params['propertyName'])), message: 'is not a valid variable name' };
    case 'pattern':
    case 'format':
      if (segments.length && error.schemaPath.includes('propertyNames')) return { ...here, message: '' };
      return { ...here, message: `${describeValue(error.data)} ${typeof custom === 'string' ? custom : `must match ${String(params['pattern'])}`}` };
    case 'type': {
      // YAML reads `name: true` or `name: 1.0` as a boolean or a number: say so, not the text rule.
      if (params['type'] === 'string' && (typeof error.data === 'boolean' || typeof error.data === 'number')) {
        return { ...here, message: `must be a string, not ${describeValue(error.data)} (YAML reads it so: write it in quotes)` };
      }
      if (typeof custom === 'string') return { ...here, message: `${describeValue(error.data)} ${custom}` };
      const types = String(params['type']).split(',');
      return { ...here, message: `must be ${types.map((t) => `${/^[aeiou]/.test(t) ? 'an' : 'a'} ${t}`).join(' or ')}, not ${describeValue(error.data)}` };
    }
    case 'enum':
      return {
        ...here,
        message: `${describeValue(error.data)} is not one of ${(params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'minItems':
      return { ...here, message: `must have at least ${String(params['limit'])} item(s)` };
    case 'minLength':
      return { ...here, message: 'must not be empty' };
    case 'maxLength':
      return { ...here, message: `must be at most ${String(params['limit'])} characters` };
    default:
      return { ...here, message: `${describeValue(error.data)} ${error.message ?? 'is invalid'}` };
  }
}

/** Ajv's errors as one message per offending value, most specific first, without duplicates. */
export function schemaProblems<T>(validate: ValidateFunction<T>): SchemaProblem[] {
  const seen = new Set<string>();
  const out: SchemaProblem[] = [];
  for (const error of validate.errors ?? []) {
    const problem = problemFor(error);
    if (!problem.message) continue;
    const key = `${problem.path}\u0000${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(problem);
  }
  return out;
}

/** The parts of a JSON schema that bound a value's size. */
export interface SizedSchema {
  $ref?: string;
  oneOf?: SizedSchema[];
  anyOf?: SizedSchema[];
  type?: string | string[];
  properties?: Record<string, SizedSchema>;
  additionalProperties?: SizedSchema | boolean;
  items?: SizedSchema;
  maxLength?: number;
  maxItems?: number;
  definitions?: Record<string, SizedSchema>;
  /** Every other keyword (const, enum, pattern, …) is no matter of size. */
  [keyword: string]: unknown;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeAllows(schema: SizedSchema, type: string): boolean {
  if (schema.type === undefined) return true;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

/** `text` cut to `limit` code points (as JSON Schema counts), saying how much was left out when there is room to. */
function cutText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const points = [...text];
  if (points.length <= limit) return text;
  const note = ` … (cut: ${points.length - limit} more characters)`;
  const keep = limit >= 4 * note.length ? limit - [...note].length : limit;
  return points.slice(0, keep).join('') + (keep < limit ? note : '');
}

/**
 * `value` with every string cut to its schema's maxLength and every array to its maxItems (the
 * first items kept): what cg-bench writes it must be able to read back, whatever a benchmark's
 * command, output or symbols were. Follows properties, items, local $refs and oneOf/anyOf (the
 * branch of the value's type); the value is copied, not changed.
 */
export function fitToSchema(value: unknown, schema: SizedSchema, root: SizedSchema = schema): unknown {
  const resolved = resolveRef(schema, root);
  const branches = resolved.oneOf ?? resolved.anyOf;
  if (branches) {
    const branch = branches.map((b) => resolveRef(b, root)).find((b) => typeAllows(b, jsonType(value)));
    return branch ? fitToSchema(value, branch, root) : value;
  }
  if (typeof value === 'string') return resolved.maxLength === undefined ? value : cutText(value, resolved.maxLength);
  if (Array.isArray(value)) {
    const kept = resolved.maxItems !== undefined && value.length > resolved.maxItems ? value.slice(0, resolved.maxItems) : value;
    const items = resolved.items;
    return items ? kept.map((item: unknown) => fitToSchema(item, items, root)) : [...kept];
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const property = resolved.properties?.[key] ?? (typeof resolved.additionalProperties === 'object' ? resolved.additionalProperties : undefined);
      out[key] = property ? fitToSchema(item, property, root) : item;
    }
    return out;
  }
  return value;
}

function resolveRef(schema: SizedSchema, root: SizedSchema): SizedSchema {
  const name = schema.$ref?.match(/^#\/definitions\/([^/]+)$/)?.[1];
  const target = name === undefined ? undefined : root.definitions?.[name];
  return target ? resolveRef(target, root) : schema;
}
