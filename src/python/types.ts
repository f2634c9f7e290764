/**
 * Python-level attribution: executed bytecode instructions per Python function, counted in an
 * unmeasured run of the benchmark (python/cg_bench/_bytecode.py). Bytecodes, not cycles: a count of
 * what the interpreter executed in each function's own frames, beside Cachegrind's C-level functions.
 */
export interface PythonFunctionResult {
  /** `module:qualname`, e.g. `markdown.serializers:_escape_cdata`. */
  fn: string;
  /** The source file: relative to the benchmark's working directory when beneath it. */
  file: string;
  /** First line of the function (its `def`). */
  line: number;
  bytecodes: number;
}

export interface PythonAttribution {
  /** How they were counted: `sys.monitoring` (Python 3.12+) or `sys.settrace` (older). */
  method: string;
  /** The Python version(s) that counted. */
  python: string;
  /** `whole` (start-up to exit) or `region` (inside `cg_bench.measure()` only). */
  scope: 'whole' | 'region';
  /** Every bytecode instruction counted, in every Python process of the benchmark. */
  bytecodes: number;
  /** Functions with at least PYTHON_FUNCTION_SHARE of the bytecodes, most first. */
  functions: PythonFunctionResult[];
}
