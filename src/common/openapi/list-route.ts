import { SetMetadata, type Type } from '@nestjs/common';
import type { ObjectLiteral } from 'typeorm';
import type { ListDefinition } from '../list/list-definition';

export const LIST_ROUTE = 'openapiListRoute';

/**
 * The list a route pages with the list engine (its GET and its /excel), for the OpenAPI
 * document: its fields become the route's filter parameters. Routes whose controller holds
 * the definition (CrudController's service) need not say it.
 */
export const ListRoute = <T extends ObjectLiteral>(definition: ListDefinition<T>) => SetMetadata(LIST_ROUTE, definition);

export const LIST_BODY = 'openapiListBody';

/**
 * A route whose body is a JSON list of these records, read by the handler itself after its own
 * checks (listBodyReader: a grid saved whole), for the OpenAPI document.
 */
export const ListBodyOf = (itemType: Type<unknown>) => SetMetadata(LIST_BODY, itemType);

export const RECORD_ROUTE = 'openapiRecordRoute';

/**
 * A save whose answer's `data` is one row of this list, read back after the save, or a delete of
 * one of its records (answering its id), for the OpenAPI document. CrudController's create,
 * update and remove need not say it.
 */
export const RecordRoute = <T extends ObjectLiteral>(definition: ListDefinition<T>) => SetMetadata(RECORD_ROUTE, definition);

export const ACCESS_NOTE = 'openapiAccessNote';

/**
 * Who may call a route that needs no system area, when it is not "any signed-in user, records
 * limited to their stores" (an announcement's own routes: its recipients only).
 */
export const AccessNote = (text: string) => SetMetadata(ACCESS_NOTE, text);
