import type { ApiEndpoint } from './endpoint';
import * as groups from './endpoints';

/**
 * Every group of the endpoint table by its export name, for what must see every call: a group added to
 * endpoints.ts is in here without another edit (the server's token scope check reads it).
 */
export const API_TABLES: Readonly<Record<string, Readonly<Record<string, ApiEndpoint>>>> = groups;
