// Shape of the backend functions the web app relies on, used by the type checker only while the
// generated `server/src/_generated/api.ts` (written by `npm run codegen`) is absent. The tsconfig
// `paths` entry prefers the generated file whenever it exists.
import type { FunctionReference } from "@tumble/domain/functionPath";

type NoArgs = Record<string, never>;

export interface LoggedInUser {
  _id: string;
  email: string | null;
  role: string;
  language: string | null;
  globalRole: string | null;
  companyRole: string | null;
}

export interface UserCompanyRole {
  role: string | null;
  globalRole: string | null;
  companyId: string | null;
  permissions: Record<string, boolean>;
}

export interface AuthTokens {
  token: string;
  refreshToken: string;
}

export interface SignInArgs {
  provider?: string;
  params?: Record<string, unknown>;
  verifier?: string;
  refreshToken?: string;
}

export interface SignInResult {
  tokens?: AuthTokens | null;
  redirect?: string;
  verifier?: string;
}

export type Api = {
  auth: {
    signIn: FunctionReference<"action", SignInArgs, SignInResult>;
    signOut: FunctionReference<"action", NoArgs, null>;
    loggedInUser: FunctionReference<"query", NoArgs, LoggedInUser | null>;
    getUserCompanyRole: FunctionReference<"query", NoArgs, UserCompanyRole>;
  };
  users: {
    updateLanguagePreference: FunctionReference<"mutation", { language: string }, unknown>;
  };
  // Every other module is untyped until the generated file exists.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [module: string]: any;
};
