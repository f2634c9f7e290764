# The collections of a region's entry (issue 27): argv[1] the directory holding cg_bench. A full
# collection while the heap is not frozen walks every live object (160 ms of a region's entry with
# 1M of them under Cachegrind); the entry collects the young generations, freezes, then collects.
# Prints the generation of each collection started, with whether the heap was frozen then.
import gc, os, sys, types
os.environ["CG_BENCH_INSTRUMENT"] = "region"
sys.modules["_cg_bench_bytecode"] = types.SimpleNamespace(region_start=lambda: None, region_stop=lambda: None)
sys.path.insert(0, sys.argv[1])
import cg_bench
started = []
gc.callbacks.append(lambda phase, info: phase == "start" and started.append("%d%s" % (info["generation"], " frozen" if gc.get_freeze_count() else "")))
for _ in range(2):
    started.clear()
    with cg_bench.measure():
        entry = list(started)
    print(", ".join(entry), "| frozen after:", gc.get_freeze_count())
