import type { Sandbox } from './sandbox.ts';

/**
 * What setup commands see of the caller's environment: enough to find and drive toolchains, never
 * the whole environment (CI jobs keep tokens there). More names: CG_BENCH_SETUP_ENV="NAME OTHER",
 * set by whoever runs cg-bench (the configuration cannot ask for variables: a pull request writes it).
 */
const SETUP_ENV_NAMES: readonly string[] = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TMPDIR',
  'TERM',
  'CC',
  'CXX',
  'CPP',
  'LD',
  'AR',
  'CFLAGS',
  'CXXFLAGS',
  'CPPFLAGS',
  'LDFLAGS',
  'LDLIBS',
  'MAKEFLAGS',
  'PKG_CONFIG_PATH',
  'LIBRARY_PATH',
  'LD_LIBRARY_PATH',
  'C_INCLUDE_PATH',
  'CPLUS_INCLUDE_PATH',
  'CARGO_HOME',
  'RUSTUP_HOME',
  'RUSTUP_TOOLCHAIN',
  'RUSTFLAGS',
  'CARGO_TARGET_DIR',
  'CARGO_BUILD_JOBS',
  'GOPATH',
  'GOROOT',
  'GOCACHE',
  'GOFLAGS',
  'GOTOOLCHAIN',
  'GOPROXY',
  'GOMODCACHE',
  'JAVA_HOME',
  'PYTHONPATH',
  'VIRTUAL_ENV',
  'CONDA_PREFIX',
  'NODE_PATH',
  'CMAKE_GENERATOR',
  'CG_BENCH_IMAGE',
];
const SETUP_ENV_PATTERNS = [/^LC_[A-Z]+$/];

export function setupEnvironment(caller: NodeJS.ProcessEnv, sandbox: Sandbox, home: string): Record<string, string> {
  const extra = (caller['CG_BENCH_SETUP_ENV'] ?? '').split(/[\s,]+/).filter(Boolean);
  const allowed = (name: string) => SETUP_ENV_NAMES.includes(name) || extra.includes(name) || SETUP_ENV_PATTERNS.some((p) => p.test(name));
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(caller)) if (value !== undefined && allowed(name)) env[name] = value;
  // Another uid cannot use root's HOME: it gets the benchmarks' one.
  if (sandbox.user) env['HOME'] = home;
  env['PATH'] ??= '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
  return env;
}
