import { makeApi } from "@tumble/domain/functionPath";
import type { Api } from "@tumble/server/_generated/api";

/** Typed handles on every backend function: `api.auth.loggedInUser` names "auth:loggedInUser". */
export const api = makeApi() as Api;
