// The type of the validator scripts/validators.mjs generates (config-validator.generated.js).
import type { ValidateFunction } from 'ajv';

export declare const validateConfig: ValidateFunction<unknown>;
