// The types of kerberos.mjs, for the web app's end-to-end tests, which start the same realm.
export declare const realmName: string;
export declare const servicePrincipal: string;

export interface Realm {
  folder: string;
  keytab: string;
  krb5Config: string;
  serverEnv: Record<string, string>;
  addPrincipal(name: string, password: string): void;
  kinit(name: string, password: string, options?: { lifetime?: string }): string;
  ticketEnd(cache: string): Date;
  token(cache: string): Promise<string>;
  stop(): Promise<void>;
}

export declare function startRealm(options?: { clockSkewSeconds?: number }): Promise<Realm>;
