// GitHub's REST contract from @octokit/openapi: finds the operation for a request and validates
// request and response bodies against it. OpenAPI 3.0's `nullable` becomes JSON Schema's null type.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';

type Json = Record<string, unknown>;
interface Operation {
  template: string;
  method: string;
  regex: RegExp;
  literals: number;
  op: Json;
}

const require = createRequire(import.meta.url);
let operations: Operation[] | undefined;
const validators = new Map<string, ValidateFunction>();
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });

function load(): Operation[] {
  if (operations) return operations;
  const spec = JSON.parse(readFileSync(require.resolve('@octokit/openapi/generated/api.github.com.deref.json'), 'utf8')) as {
    paths: Record<string, Record<string, Json>>;
  };
  operations = [];
  for (const [template, methods] of Object.entries(spec.paths)) {
    const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, '([^/]+)');
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'patch', 'put', 'delete'].includes(method)) continue;
      operations.push({ template, method, regex: new RegExp(`^${pattern}$`), literals: template.split('/').filter((s) => s && !s.startsWith('{')).length, op });
    }
  }
  return operations;
}

function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema as Json)) {
    if (k === 'example' || k === 'examples' || k === 'discriminator' || k === 'xml' || k === 'externalDocs') continue;
    out[k] =
      k === 'properties' || k === 'patternProperties' ? Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, toJsonSchema(s)])) : toJsonSchema(v);
  }
  if (out['nullable'] === true) {
    delete out['nullable'];
    if (typeof out['type'] === 'string') out['type'] = [out['type'], 'null'];
    else return { anyOf: [out, { type: 'null' }] };
    if (Array.isArray(out['enum'])) out['enum'] = [...(out['enum'] as unknown[]), null];
  }
  return out;
}

export function findOperation(method: string, path: string): Operation | undefined {
  const candidates = load().filter((o) => o.method === method.toLowerCase() && o.regex.test(path));
  return candidates.sort((a, b) => b.literals - a.literals)[0];
}

function validator(key: string, schema: unknown): ValidateFunction {
  let v = validators.get(key);
  if (!v) {
    v = ajv.compile(toJsonSchema(schema) as object);
    validators.set(key, v);
  }
  return v;
}

/** Problems with a request body, or [] when it follows the contract. */
export function checkRequest(op: Operation, body: unknown): string[] {
  const schema = ((op.op['requestBody'] as Json | undefined)?.['content'] as Json | undefined)?.['application/json'] as Json | undefined;
  if (!schema) return body === undefined ? [] : [`${op.method.toUpperCase()} ${op.template} takes no JSON body`];
  const v = validator(`req ${op.method} ${op.template}`, schema['schema']);
  return v(body) ? [] : (v.errors ?? []).map((e) => `request${e.instancePath} ${e.message}`);
}

/** Problems with a response the fake is about to send, or [] when it follows the contract. */
export function checkResponse(op: Operation, status: number, body: unknown): string[] {
  const response = (op.op['responses'] as Json)[String(status)] as Json | undefined;
  if (!response) return status >= 400 ? [] : [`${status} is not a documented response of ${op.method.toUpperCase()} ${op.template}`];
  const schema = ((response['content'] as Json | undefined)?.['application/json'] as Json | undefined)?.['schema'];
  if (!schema) return [];
  const v = validator(`res ${status} ${op.method} ${op.template}`, schema);
  return v(body) ? [] : (v.errors ?? []).slice(0, 5).map((e) => `response${e.instancePath} ${e.message}`);
}

/** The spec's own example response for an operation: the fake starts from it. */
export function exampleResponse(op: Operation, status: number): Json {
  const content = ((op.op['responses'] as Json)[String(status)] as Json)['content'] as Json;
  const examples = (content['application/json'] as Json)['examples'] as Record<string, { value: Json }>;
  return structuredClone(Object.values(examples)[0]!.value);
}
