# What forget_learned_state does on this interpreter (issue 27): argv[1] the directory holding cg_bench.
# A function warmed until CPython specializes it, then reset: its adaptive bytecode must equal a fresh
# copy's (code.replace()), and a class looked up must give up its version tag. Prints
# "specialized <bool> reset <bool> untagged <bool>".
import gc, sys
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
_client.forget_learned_state(gc.get_objects)
print("specialized", specialized, "reset", adaptive(work.__code__) == fresh, "untagged", tagged and _client.type_version_tag(Point) == 0)
