from setuptools import Extension, setup

# The C extension, cg_bench/_client.c (Cachegrind's client requests, the allocator); the rest: pyproject.toml.
setup(ext_modules=[Extension("cg_bench._client", ["cg_bench/_client.c"])])
