# Regions entered while another thread builds tuples from generators (issue 27): argv[1] the directory
# holding cg_bench, argv[2] how many loops (two regions each). Prints "regions N errors M" and the first
# error. A region run (CG_BENCH_INSTRUMENT=region) with measure() active natively (the attribution
# pass's stand-in counter): all of a region's start but the Cachegrind switch.
import os, sys, threading
os.environ["CG_BENCH_INSTRUMENT"] = "region"
import types
sys.modules["_cg_bench_bytecode"] = types.SimpleNamespace(region_start=lambda: None, region_stop=lambda: None)
sys.path.insert(0, sys.argv[1])
import cg_bench
errors = []
done = threading.Event()
def churn():
    while not done.is_set():
        try:
            tuple(x * 2 for x in range(50))
        except Exception as error:
            errors.append(repr(error))
thread = threading.Thread(target=churn)
thread.start()
@cg_bench.measure
def work():
    return sum(range(100))
regions = 0
try:
    for _ in range(int(sys.argv[2])):
        work()
        with cg_bench.measure():
            regions += 2
finally:
    done.set()
    thread.join()
print("regions", regions, "errors", len(errors), *errors[:1])
