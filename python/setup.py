from setuptools import Extension, setup

# The C extension is two Valgrind client requests; everything else is in pyproject.toml.
setup(ext_modules=[Extension("cg_bench._client", ["cg_bench/_client.c"])])
