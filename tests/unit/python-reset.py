# What forget_learned_state does on this interpreter (issue 27): argv[1] the directory holding cg_bench.
# A function warmed until CPython specializes it, then reset: its adaptive bytecode must equal a fresh
# copy's (code.replace()), and a class looked up must give up its version tag. Prints
# "specialized <bool> reset <bool> untagged <bool>", then the same for two modules' identical functions,
# then how many codes later walks reset.
import sys
sys.path.insert(0, sys.argv[1])
from cg_bench import _client
class Point:
    def __init__(self):
        self.x = 1
def work(p):
    total = 0
    for i in range(200):
        total += p.x + i
    return total
for _ in range(200):
    work(Point())
adaptive = lambda code: bytes(code._co_code_adaptive)
fresh = adaptive(work.__code__.replace())
specialized = adaptive(work.__code__) != fresh
tagged = _client.type_version_tag(Point) != 0
first = _client.forget_learned_state()
print("specialized", specialized, "reset", adaptive(work.__code__) == fresh, "untagged", tagged and _client.type_version_tag(Point) == 0)
# Two modules' identical functions: equal code objects (equality ignores the file), both reset.
source = "def twin(p):\n    total = 0\n    for i in range(200):\n        total += p.x + i\n    return total\n"
twins = []
for name in ("first.py", "second.py"):
    namespace = {}
    exec(compile(source, name, "exec"), namespace)
    twins.append(namespace["twin"])
assert twins[0].__code__ == twins[1].__code__
for _ in range(200):
    for twin in twins:
        twin(Point())
warmed = [adaptive(twin.__code__) != adaptive(twin.__code__.replace()) for twin in twins]
_client.forget_learned_state()
print("twins specialized", all(warmed), "reset", all(adaptive(twin.__code__) == adaptive(twin.__code__.replace()) for twin in twins))
# A walk resets only codes whose bytes changed since their reset (a code.replace() costs ~10 us under
# Valgrind, for each of a large program's functions): nothing ran, next to none; work() warmed again,
# reset again.
quiet = _client.forget_learned_state()
for _ in range(200):
    work(Point())
again = adaptive(work.__code__) != fresh
after = _client.forget_learned_state()
print("again specialized", again, "reset", adaptive(work.__code__) == fresh, "first", first > 100, "quiet", quiet < 10, "after", 1 <= after < 10)
# 3.11+ walk the heap without a list of every object (3.11 made gc.get_objects()'s, 59 ms with 1M objects
# under Valgrind; it walks the collector's lists now): with 200,000 more objects, the walk's peak of
# traced memory stays far below such a list's 1.6 MB.
import tracemalloc
more = [[i] for i in range(200_000)]
tracemalloc.start()
_client.forget_learned_state()
print("listed", tracemalloc.get_traced_memory()[1] > 800_000 if sys.version_info >= (3, 11) else "n/a")
tracemalloc.stop()
# 3.11 to 3.14 walk the collector's lists, reading each object's header; the visitor (3.12, 3.13, 3.14 before)
# INCREFed and DECREFed every object (~40 ms per 1M objects under Cachegrind). In a forked child, whose pages
# are copied once written: the walk over 500,000 lists dirtied 2.9 MB (3.13, 3.14) and 5.4 MB (3.11); the
# visitor 15.8 MB with 200,000 (3.13, 3.14), more than the lists fill.
import os
more += [[i] for i in range(300_000)]
def dirty_kb():
    with open("/proc/self/smaps_rollup") as f:
        return sum(int(line.split()[1]) for line in f if line.startswith("Private_Dirty:"))
read, write = os.pipe()
child = os.fork()
if child == 0:
    before = dirty_kb()
    _client.forget_learned_state()
    os.write(write, str(dirty_kb() - before).encode())
    os._exit(0)
os.waitpid(child, 0)
print("walk writes objects", int(os.read(read, 64)) > len(more) * sys.getsizeof(more[0]) // 1024 // 3)
