import { SetMetadata } from '@nestjs/common';

export const MULTIPART_BODY = 'openapiMultipartBody';

export interface MultipartField {
  type: 'integer' | 'string';
  description: string;
}

/** A multipart route's body for the OpenAPI document: what its `file` takes, and the text fields sent with it. */
export interface MultipartBodySpec {
  file: string;
  /** The text fields sent with the file, by name; every one is required. */
  fields: Record<string, MultipartField>;
}

/**
 * A route that reads multipart/form-data itself (receiveOneFile: one file in the field `file`,
 * streamed to disk), which @nestjs/swagger cannot see: no @Body() names it.
 */
export const MultipartBody = (file: string, fields: Record<string, MultipartField> = {}) =>
  SetMetadata(MULTIPART_BODY, { file, fields } satisfies MultipartBodySpec);
