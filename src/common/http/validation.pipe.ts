import { ArgumentMetadata, ValidationError, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { InvalidInput } from './validation-result';

function collect(errors: ValidationError[], prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) {
      // whitelistValidation is the "unknown field" constraint: say so plainly.
      const messages = Object.entries(error.constraints).map(([key, message]) =>
        key === 'whitelistValidation' ? `Unknown field ${field}` : message,
      );
      out[field] = messages[0];
    }
    if (error.children?.length) collect(error.children, field, out);
  }
  return out;
}

/**
 * Keys that name Object.prototype members (toString, constructor, __proto__, ...) slip past the
 * whitelist because the DTO instance "has" them; they are unknown fields like any other.
 */
class StrictValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata) {
    if (metadata.type === 'body' && value && typeof value === 'object') {
      const inherited = Object.keys(value).filter((key) => key in Object.prototype || key === '__proto__');
      if (inherited.length) throw new InvalidInput(Object.fromEntries(inherited.map((k) => [k, `Unknown field ${k}`])));
    }
    return super.transform(value, metadata);
  }
}

/** Strict body validation: wrong types and unknown fields are 400 with failMessages by field. */
export function strictValidationPipe(options: ValidationPipeOptions = {}): ValidationPipe {
  return new StrictValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new InvalidInput(collect(errors)),
    ...options,
  });
}
