/* Sorts N pseudo-random integers with qsort: a typical small C benchmark. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int compare(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 100000;
    uint32_t *values = malloc(n * sizeof *values);
    if (!values) return 1;
    uint32_t state = 2463534242u; /* xorshift32: the same input on every run */
    for (size_t i = 0; i < n; i++) {
        state ^= state << 13; state ^= state >> 17; state ^= state << 5;
        values[i] = state;
    }
    qsort(values, n, sizeof *values, compare);
    printf("min %u median %u max %u\n", values[0], values[n / 2], values[n - 1]);
    free(values);
    return 0;
}
