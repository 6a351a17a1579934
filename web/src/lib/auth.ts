import { createContext, createElement, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { FunctionError } from "./errors";
import { httpCall, setTokenSource } from "./http";

// Access and refresh tokens live in localStorage, shared by every tab of the app.
export const TOKEN_KEY = "tumble.auth.token";
export const REFRESH_TOKEN_KEY = "tumble.auth.refreshToken";
const VERIFIER_KEY = "tumble.auth.oauthVerifier";
const REFRESH_LOCK = "tumble.auth.refresh";
const LEAVE_WARNING = "Are you sure you want to leave? Your changes may not be saved.";
/** Refresh this long before the access token expires (or sooner for very short tokens). */
const REFRESH_MARGIN_MS = 60_000;
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

export interface AuthSnapshot {
  isLoading: boolean;
  token: string | null;
}

export interface SignInResult {
  /** True when the call produced tokens and the user is now signed in. */
  signingIn: boolean;
  redirect?: string;
}

interface JwtClaims {
  sub?: string;
  exp?: number;
  iat?: number;
}

/** Reads the (unverified) claims of a JWT; the server is the one that verifies it. */
export function decodeJwt(token: string | null): JwtClaims | null {
  if (!token) return null;
  const part = token.split(".")[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, "+")
      .replace(/_/g, "/")
      .padEnd(Math.ceil(part.length / 4) * 4, "=");
    const json = decodeURIComponent(Array.from(atob(base64), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`).join(""));
    return JSON.parse(json) as JwtClaims;
  } catch {
    return null;
  }
}

function identityOf(token: string | null): string | null {
  if (!token) return null;
  return decodeJwt(token)?.sub ?? token;
}

/** Milliseconds until the token should be refreshed; undefined when it carries no expiry. */
function refreshDelay(token: string): number | undefined {
  const claims = decodeJwt(token);
  if (!claims?.exp) return undefined;
  const expMs = claims.exp * 1000;
  const lifetime = claims.iat ? expMs - claims.iat * 1000 : Infinity;
  const margin = Math.min(REFRESH_MARGIN_MS, lifetime / 4);
  return Math.max(0, expMs - margin - Date.now());
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

type TokenListener = (token: string | null, identityChanged: boolean) => void;

/** Runs the public sign-in action; the live client swaps in one that prefers the socket. */
export type SignInTransport = (path: string, args: Record<string, unknown>) => Promise<unknown>;

interface TokensPayload {
  tokens?: { token: string; refreshToken: string } | null;
  redirect?: string;
  verifier?: string;
}

class AuthStore {
  private snapshot: AuthSnapshot = { isLoading: true, token: null };
  private readonly listeners = new Set<() => void>();
  private readonly tokenListeners = new Set<TokenListener>();
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private refreshing: Promise<void> | null = null;
  private retryDelay = RETRY_MIN_MS;
  private initialized = false;
  private signInTransport: SignInTransport = (path, args) => httpCall("action", path, args);

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): AuthSnapshot => this.snapshot;

  getToken(): string | null {
    return this.snapshot.token;
  }

  setSignInTransport(transport: SignInTransport): void {
    this.signInTransport = transport;
  }

  /** Called with every new access token; `identityChanged` when the signed-in user changed. */
  onTokenChange(listener: TokenListener): () => void {
    this.tokenListeners.add(listener);
    return () => this.tokenListeners.delete(listener);
  }

  /** Read stored tokens, consume a `code` URL parameter, and start the refresh schedule. */
  init(): void {
    if (this.initialized) return;
    this.initialized = true;
    window.addEventListener("storage", this.onStorage);

    const code = takeCodeFromUrl();
    const stored = storage()?.getItem(TOKEN_KEY) ?? null;
    const refreshToken = storage()?.getItem(REFRESH_TOKEN_KEY) ?? null;

    // A code only means something to a sign-in this tab started (it stored a verifier).
    const verifier = code ? (storage()?.getItem(VERIFIER_KEY) ?? null) : null;
    if (code && verifier) {
      this.setState({ isLoading: true, token: stored });
      storage()?.removeItem(VERIFIER_KEY);
      void this.callSignIn({ params: { code }, verifier })
        .catch((error: unknown) => console.warn("Sign-in with code failed", error))
        .finally(() => this.setLoading(false));
      return;
    }

    if (stored) {
      const delay = refreshDelay(stored);
      this.setState({ isLoading: delay === 0 && !!refreshToken, token: stored });
      if (delay === 0 && refreshToken) void this.refresh().finally(() => this.setLoading(false));
      else this.scheduleRefresh(stored);
      return;
    }
    if (refreshToken) {
      void this.refresh().finally(() => this.setLoading(false));
      return;
    }
    this.setState({ isLoading: false, token: null });
  }

  async signIn(provider: string | undefined, params?: Record<string, unknown>): Promise<SignInResult> {
    return this.callSignIn({ provider, params });
  }

  async signOut(): Promise<void> {
    const token = this.snapshot.token;
    this.clear();
    if (!token) return;
    try {
      await httpCall("action", "auth:signOut", {}, { token });
    } catch (error) {
      // Local tokens are already gone; the server-side sign-in simply expires.
      console.warn("Sign-out request failed", error);
    }
  }

  /** The server rejected the current token (socket AuthError): refresh it, or sign out. */
  handleAuthError(): void {
    if (!this.snapshot.token) return;
    void this.refresh();
  }

  private async callSignIn(args: Record<string, unknown>): Promise<SignInResult> {
    const result = (await this.signInTransport("auth:signIn", args)) as TokensPayload | null;
    if (result?.redirect) {
      if (result.verifier) storage()?.setItem(VERIFIER_KEY, result.verifier);
      window.location.href = result.redirect;
      return { signingIn: false, redirect: result.redirect };
    }
    if (result?.tokens) {
      this.setTokens(result.tokens.token, result.tokens.refreshToken);
      return { signingIn: true };
    }
    return { signingIn: false };
  }

  /** Exchange the refresh token for new tokens; one refresh at a time across all tabs. */
  refresh(): Promise<void> {
    if (this.refreshing) return this.refreshing;
    window.addEventListener("beforeunload", confirmLeave);
    this.refreshing = withLock(REFRESH_LOCK, () => this.refreshLocked()).finally(() => {
      window.removeEventListener("beforeunload", confirmLeave);
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refreshLocked(): Promise<void> {
    const store = storage();
    const storedToken = store?.getItem(TOKEN_KEY) ?? null;
    const refreshToken = store?.getItem(REFRESH_TOKEN_KEY) ?? null;
    // Another tab may have refreshed while this one waited for the lock.
    if (storedToken && storedToken !== this.snapshot.token && refreshDelay(storedToken) !== 0) {
      this.adopt(storedToken);
      return;
    }
    if (!refreshToken) {
      this.clear();
      return;
    }
    try {
      const result = (await httpCall("action", "auth:signIn", { refreshToken }, { token: null })) as TokensPayload | null;
      if (result?.tokens) {
        this.retryDelay = RETRY_MIN_MS;
        this.setTokens(result.tokens.token, result.tokens.refreshToken);
      } else {
        this.clear();
      }
    } catch (error) {
      if (error instanceof FunctionError) {
        // The server refused the refresh token: the user is signed out.
        this.clear();
        return;
      }
      // Offline or server unreachable: stay signed in and try again later.
      console.warn("Token refresh failed; retrying", error);
      clearTimeout(this.refreshTimer);
      this.refreshTimer = setTimeout(() => void this.refresh(), this.retryDelay);
      this.retryDelay = Math.min(RETRY_MAX_MS, this.retryDelay * 2);
    }
  }

  private setTokens(token: string, refreshToken: string): void {
    const store = storage();
    store?.setItem(TOKEN_KEY, token);
    store?.setItem(REFRESH_TOKEN_KEY, refreshToken);
    this.adopt(token);
  }

  private adopt(token: string): void {
    const previous = this.snapshot.token;
    this.setState({ isLoading: false, token });
    this.scheduleRefresh(token);
    if (previous !== token) this.emitToken(token, identityOf(previous) !== identityOf(token));
  }

  private clear(): void {
    const store = storage();
    store?.removeItem(TOKEN_KEY);
    store?.removeItem(REFRESH_TOKEN_KEY);
    this.dropLocal();
  }

  private dropLocal(): void {
    clearTimeout(this.refreshTimer);
    const previous = this.snapshot.token;
    this.setState({ isLoading: false, token: null });
    if (previous !== null) this.emitToken(null, true);
  }

  private scheduleRefresh(token: string): void {
    clearTimeout(this.refreshTimer);
    const delay = refreshDelay(token);
    if (delay === undefined) return;
    // setTimeout overflows past ~24.8 days; re-check then.
    this.refreshTimer = setTimeout(() => void this.refresh(), Math.min(delay, 2 ** 31 - 1));
  }

  private readonly onStorage = (event: StorageEvent): void => {
    if (event.storageArea !== storage()) return;
    if (event.key !== TOKEN_KEY && event.key !== null) return;
    const token = storage()?.getItem(TOKEN_KEY) ?? null;
    if (token === this.snapshot.token) return;
    if (token) this.adopt(token);
    else this.dropLocal();
  };

  private setLoading(isLoading: boolean): void {
    if (this.snapshot.isLoading !== isLoading) this.setState({ ...this.snapshot, isLoading });
  }

  private setState(next: AuthSnapshot): void {
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  private emitToken(token: string | null, identityChanged: boolean): void {
    for (const listener of this.tokenListeners) listener(token, identityChanged);
  }
}

function confirmLeave(event: BeforeUnloadEvent): string {
  event.preventDefault();
  // Older browsers show the returned text; current ones show their own wording.
  event.returnValue = LEAVE_WARNING;
  return LEAVE_WARNING;
}

async function withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== "undefined" && navigator.locks?.request) {
    return navigator.locks.request(name, task) as Promise<T>;
  }
  return task();
}

/** Reads and removes the sign-in `code` query parameter, keeping the rest of the URL. */
function takeCodeFromUrl(): string | null {
  const url = new URL(window.location.href);
  const code = url.searchParams.get("code");
  if (code === null) return null;
  url.searchParams.delete("code");
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  return code;
}

export const authStore = new AuthStore();
setTokenSource(() => authStore.getToken());

export interface AuthContextValue {
  isLoading: boolean;
  isAuthenticated: boolean;
  signIn(provider: string | undefined, params?: Record<string, unknown>): Promise<SignInResult>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuthSnapshot(): AuthSnapshot {
  return useSyncExternalStore(authStore.subscribe, authStore.getSnapshot);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const { isLoading, token } = useAuthSnapshot();
  const isAuthenticated = token !== null;
  const value = useMemo<AuthContextValue>(
    () => ({
      isLoading,
      isAuthenticated,
      signIn: (provider, params) => authStore.signIn(provider, params),
      signOut: () => authStore.signOut(),
    }),
    [isLoading, isAuthenticated],
  );
  return createElement(AuthContext.Provider, { value }, children);
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}
