# The pinned cg-bench image: the same Debian, glibc, Valgrind and Node on every machine, so that a
# laptop's `docker run` gives exactly the numbers CI gives.
#
# BASE is pinned by digest (the multi-arch index of debian:trixie-slim, Debian 13). The packages are
# pinned by version: when Debian replaces one (a point release or a security update), the build fails
# with "Version ... was not found" instead of silently drifting. Bump the ARGs below, rebuild, and
# expect every benchmark's numbers to change with them (results record the versions, and cg-bench
# marks comparisons across versions "not comparable").
ARG BASE=debian:trixie-slim@sha256:d7e12182ce18b85b93007c1dedf31f2d29e01ccf3182cc4017c709b6259bc132
ARG LIBC6_VERSION=2.41-12+deb13u5
ARG VALGRIND_VERSION=1:3.24.0-3
ARG NODEJS_VERSION=20.19.2+dfsg-1+deb13u3
ARG PYTHON3_VERSION=3.13.5-1
ARG GIT_VERSION=1:2.47.3-0+deb13u1
ARG PYTEST_VERSION=8.3.5-2

# The Python module cg_bench (python/: cg_bench.measure() and the pytest plugin) has a small C
# extension: built here, against the same pinned Python and Valgrind headers, and copied into
# /usr/local of the image below without the compiler.
FROM ${BASE} AS python-module
ARG LIBC6_VERSION VALGRIND_VERSION PYTHON3_VERSION
RUN set -eux; \
    export DEBIAN_FRONTEND=noninteractive; \
    apt-get update; \
    apt-get install -y --no-install-recommends \
        "libc6=${LIBC6_VERSION}" "valgrind=${VALGRIND_VERSION}" \
        "python3=${PYTHON3_VERSION}" "python3-dev=${PYTHON3_VERSION}" python3-pip python3-setuptools gcc libc6-dev
COPY python/ /src/python/
RUN python3 -m pip install --no-deps --no-build-isolation --no-compile --break-system-packages \
        --target /out/dist-packages /src/python
# In `instrument: region` runs (CG_BENCH_INSTRUMENT=region), Python imports cg_bench before it compiles
# the script: the script's code and what it makes before the region then come from cg_bench's areas.
COPY python/cg-bench-early.pth /out/dist-packages/

# Valgrind names a function from the library's symbol table, and Debian strips libc.so.6 and ld.so to
# their exported symbols: the variants glibc picks at run time (__memcpy_avx_unaligned_erms,
# __strchr_avx2) would be reported as `???`. libc6-dbg has their separate debug files; of its ~17 MB
# only those of libc, ld.so and libm are kept, under the build-id path Valgrind looks them up by
# (/usr/lib/debug/.build-id/xx/rest.debug), and of each only its symbol table (objcopy --strip-debug):
# Valgrind reads a debug file's DWARF line tables at every start, 0.18 s (Cachegrind) to 0.24 s (DHAT)
# of CPU per run in the image (bench/valgrind-start.sh), for positions in glibc's sources, which no
# checkout holds. This stage has readelf and objcopy (binutils, with gcc) and the same libc6 as the
# image, so the build-ids are the image's.
FROM python-module AS libc-debug
ARG LIBC6_VERSION
RUN set -eux; \
    export DEBIAN_FRONTEND=noninteractive; \
    apt-get install -y --no-install-recommends "libc6-dbg=${LIBC6_VERSION}"; \
    for lib in /usr/lib/*-linux-gnu/libc.so.6 /usr/lib/*-linux-gnu/libm.so.6 /usr/lib/*-linux-gnu/ld-linux-*.so.*; do \
        id=$(readelf -n "$lib" | sed -n 's/^ *Build ID: *//p'); \
        dir=$(echo "$id" | cut -c1-2); rest=$(echo "$id" | cut -c3-); \
        mkdir -p "/out/debug/.build-id/$dir"; \
        objcopy --strip-debug "/usr/lib/debug/.build-id/$dir/$rest.debug" "/out/debug/.build-id/$dir/$rest.debug"; \
    done; \
    du -sh /out/debug

FROM ${BASE}
ARG LIBC6_VERSION VALGRIND_VERSION NODEJS_VERSION PYTHON3_VERSION GIT_VERSION PYTEST_VERSION

RUN set -eux; \
    export DEBIAN_FRONTEND=noninteractive; \
    apt-get update; \
    apt-get install -y --no-install-recommends \
        "libc6=${LIBC6_VERSION}" \
        "valgrind=${VALGRIND_VERSION}" \
        "nodejs=${NODEJS_VERSION}" \
        "python3=${PYTHON3_VERSION}" \
        "git=${GIT_VERSION}" \
        "python3-pytest=${PYTEST_VERSION}" \
        ca-certificates; \
    # Cachegrind is all we run (and the "none" tool, to read the CPU Valgrind presents; DHAT and its
    # malloc preload for memory: true; Callgrind for run --call-tree): the other tools, their preloads,
    # the 32-bit builds and the static libraries are dead weight.
    cd /usr/libexec/valgrind; \
    find . -maxdepth 1 -type f \( -name '*-linux' -o -name 'vgpreload_*.so' \) \
        ! -name 'cachegrind-*-linux' ! -name 'none-*-linux' ! -name 'vgpreload_core-*-linux.so' \
        ! -name 'dhat-*-linux' ! -name 'vgpreload_dhat-*-linux.so' ! -name 'callgrind-*-linux' -delete; \
    find . -maxdepth 1 -type f \( -name '*-x86-linux' -o -name '*-x86-linux.so' -o -name '*.xml' \) -delete; \
    rm -rf /usr/lib/*-linux-gnu/valgrind /usr/lib/valgrind/*.a /usr/lib/debug; \
    rm -f /usr/bin/callgrind* /usr/bin/ms_print /usr/bin/dh_view* /usr/bin/vgdb /usr/bin/valgrind-di-server /usr/bin/valgrind-listener; \
    # git without Perl (~50 MB): cg-bench runs only git's compiled commands (rev-parse, rev-list,
    # cat-file, show, log, status, merge-base, worktree, fetch over https); Perl serves its scripts
    # (send-email, svn, instaweb), which it never runs. git's dependency on perl is dropped from dpkg's
    # record and perl purged, so apt stays consistent: a derived image whose tools need Perl gets it
    # from apt as usual. Gone too: git's other programs (~16 MB: daemon, shell, http-backend, the
    # dumb-http and imap helpers, scalar), Node's corepack and TypeScript typings (~6 MB), Python's
    # regression-test support and pydoc's topics (~2.5 MB). Python's compiled stdlib (__pycache__) stays:
    # without it every benchmark would compile the stdlib.
    sed -i '/^Package: git$/,/^$/ s/^\(Depends: .*\), perl, liberror-perl,/\1,/' /var/lib/dpkg/status; \
    dpkg-query -W -f='${Depends}\n' git | grep -qv perl; \
    dpkg --purge perl perl-modules-5.40 libperl5.40 liberror-perl; \
    rm -rf /usr/share/perl5/Git /usr/share/perl5/Git.pm /usr/share/gitweb; \
    rm -f /usr/lib/git-core/scalar /usr/lib/git-core/git-daemon /usr/lib/git-core/git-http-backend /usr/lib/git-core/git-http-fetch \
        /usr/lib/git-core/git-http-push /usr/lib/git-core/git-imap-send /usr/lib/git-core/git-shell /usr/lib/git-core/git-instaweb \
        /usr/bin/scalar /usr/bin/git-shell; \
    rm -rf /usr/share/nodejs/corepack /usr/bin/corepack /usr/share/nodejs/@types /usr/share/nodejs/undici-types /usr/share/nodejs/undici/types; \
    rm -rf /usr/lib/python3.13/test /usr/lib/python3.13/pydoc_data; \
    apt-get check; \
    set +x; rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /var/cache/apt/archives/*.deb /var/cache/debconf/*-old \
        /usr/share/doc/* /usr/share/man/* /usr/share/info/* /usr/share/locale/* /usr/share/lintian; set -x; \
    # Repositories mounted from the host belong to another uid; git must still read them.
    git config --system --add safe.directory '*'; \
    mkdir -p /home/cg-bench /work; \
    chmod 1777 /home/cg-bench /work; \
    valgrind --tool=cachegrind --version; valgrind --tool=dhat --version; valgrind --tool=callgrind --version; node --version; python3 --version; python3 -m pytest --version; git --version
# libc's symbols (see the libc-debug stage), where Valgrind looks for them.
COPY --from=libc-debug /out/debug/ /usr/lib/debug/

COPY package.json /opt/cg-bench/package.json
COPY schemas/ /opt/cg-bench/schemas/
COPY dist/ /opt/cg-bench/dist/
# V8's code cache of the CLI bundle (src/start/code-cache.ts): made here, by root and this image's Node,
# beside the bundle that only root can change; every start then reads the compiled code instead of
# compiling dist/cli.cjs (~0.05 s CPU of each run). The second command fails the build if V8 refuses it.
RUN node /opt/cg-bench/dist/code-cache.js && CG_BENCH_CODE_CACHE=require node /opt/cg-bench/dist/cli.js --version
# The bytecode counter cg-bench loads in a Python benchmark's unmeasured attribution pass.
COPY python/cg_bench/_bytecode.py /opt/cg-bench/python/cg_bench/_bytecode.py
# (python3.13: the Python that PYTHON3_VERSION pins)
COPY --from=python-module /out/dist-packages/ /usr/local/lib/python3.13/dist-packages/
RUN PYTHONDONTWRITEBYTECODE=1 python3 -c 'import cg_bench; print("cg_bench", cg_bench.__version__)'

# Any uid may run the image (--user "$(id -u):$(id -g)"): HOME and /tmp are writable by all.
ENV HOME=/home/cg-bench \
    CG_BENCH_IMAGE=ghcr.io/org/cg-bench \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
LABEL org.opencontainers.image.title="cg-bench" \
      org.opencontainers.image.description="Deterministic benchmarks under Cachegrind: estimated cycles that are the same on every machine" \
      org.opencontainers.image.source="https://github.com/org/cg-bench" \
      org.opencontainers.image.licenses="MIT"
WORKDIR /work
# A volume, so that a job container that copies its checkout into /work (GitLab) measures it on a
# host filesystem, as a bind mount (`-v "$PWD:/work"`) does. Python's count depends on stat()
# values such as inode numbers, which on overlayfs are far larger than on ext4 or xfs.
VOLUME ["/work"]
ENTRYPOINT ["node", "/opt/cg-bench/dist/cli.js"]
CMD ["--help"]
