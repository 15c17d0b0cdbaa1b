import { findNul, NUL_MESSAGE } from '@devstay/shared/contracts/common';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/** The mark the zod type provider puts on its validation issues (read by lib/errors.ts). */
const ZOD_ISSUE = Symbol.for('ZodFastifySchemaValidationError');

/**
 * The validator of every route's params, query, headers and body: the route's zod schema, after
 * one rule no route can forget — no NUL character anywhere in the input (PostgreSQL refuses it
 * in text, which would otherwise surface as a 500). The issue names the field like zod's do.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const at = findNul(data);
    if (at) {
      return {
        error: [
          {
            [ZOD_ISSUE]: true,
            keyword: 'custom',
            instancePath: `/${at.join('/')}`,
            schemaPath: '#',
            message: NUL_MESSAGE,
            params: {},
          },
        ] as never,
      };
    }
    return validate(data);
  };
};
