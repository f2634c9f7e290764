// The types of the validators scripts/validators.mjs generates (results-validator.generated.js).
import type { ValidateFunction } from 'ajv';

export declare const validateResults: ValidateFunction<unknown>;
export declare const validateTimed: ValidateFunction<unknown>;
export declare const validateBenchmark: ValidateFunction<unknown>;
