/*
 * The experiment of "CI for performance: Reliable benchmarking in noisy environments": four arrays of
 * counters updated by a linear walk or a pseudo-random walk (multiplier 48271). Both execute the
 * same instructions; the random walk misses the caches.
 *   memory-access linear|random ARRAY_SIZE [ITERATIONS]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s linear|random ARRAY_SIZE [ITERATIONS]\n", argv[0]);
        return 2;
    }
    uint64_t multiplier;
    if (strcmp(argv[1], "linear") == 0) multiplier = 1;
    else if (strcmp(argv[1], "random") == 0) multiplier = 48271;
    else { fprintf(stderr, "unknown scan type: %s\n", argv[1]); return 2; }
    uint64_t size = strtoull(argv[2], NULL, 10);
    uint64_t iterations = argc > 3 ? strtoull(argv[3], NULL, 10) : 100000000;
    uint64_t *data = calloc(size, 8), *data2 = calloc(size, 8), *data3 = calloc(size, 8), *data4 = calloc(size, 8);
    if (!data || !data2 || !data3 || !data4 || size == 0) return 1;
    uint64_t index = 0;
    for (uint64_t i = 0; i < iterations; i++) {
        data[index] += 1;
        data2[index] += 1;
        data3[index] += 1;
        data4[index] += 1;
        index = (multiplier * index + 1) % size;
    }
    printf("%llu\n", (unsigned long long)(data[0] + data2[size / 2] + data3[size - 1] + data4[index]));
    return 0;
}
