import { SetMetadata } from '@nestjs/common';

export const JSON_ANSWER = 'openapiJsonAnswer';

/**
 * A route that writes its own answer (@Res()) but answers JSON as every other call does (the
 * dashboard's kept answers, sent with their ETag and 304): the document describes it as JSON,
 * not as a file.
 */
export const JsonAnswer = () => SetMetadata(JSON_ANSWER, true);
