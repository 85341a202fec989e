// The types of openid.mjs, for the web app's end-to-end tests, which start the same directory.
export type TamperKind =
  | 'wrongAudience' | 'wrongIssuer' | 'expired' | 'algNone'
  | 'unknownKey' | 'hmac' | 'badSignature' | 'wrongNonce';

export declare const tamperKinds: readonly TamperKind[];

// The claims of one account; its id (the key of accounts) is the subject.
export interface DirectoryAccount {
  preferred_username?: string;
  email?: string;
  name?: string;
  groups?: string[];
  [claim: string]: unknown;
}

export type DirectoryEndpoint = 'discovery' | 'jwks' | 'authorization' | 'token';

export interface OpenIdProvider {
  issuer: string;
  caFile: string;
  folder: string;
  requests: Readonly<Record<DirectoryEndpoint, number>>;
  lastRequested: Readonly<Record<DirectoryEndpoint, number>>;
  addClient(client: { clientId: string; clientSecret: string; redirectUris: string[] }): void;
  signIn(authorizationUrl: string, options: { login: string }): Promise<string>;
  deny(authorizationUrl: string): Promise<string>;
  tamperNextIdToken(kind: TamperKind | null): void;
  rotateKeys(): void;
  stop(): Promise<void>;
}

export declare function startOpenIdProvider(options: {
  folder?: string;
  accounts: Record<string, DirectoryAccount>;
}): Promise<OpenIdProvider>;
