import type { paths } from './schema';

// The contract's paths as the web app calls them. Every call but ChangePassword goes to
// /api/{env}/…, and {env} is always this page's environment: the client puts it in the base
// address, so the paths are written without it ('/currentuser') and take no env parameter.

type EnvRoute<P> = P extends `/api/{env}${infer Rest}` ? Rest : never;

type WithoutEnv<Path> = Omit<Path, 'env'>;

type StripEnvParameters<Parameters> = Parameters extends { path: infer Path }
  ? Omit<Parameters, 'path'> & (keyof WithoutEnv<Path> extends never ? { path?: never } : { path: WithoutEnv<Path> })
  : Parameters;

type StripEnv<Operation> = Operation extends { parameters: infer Parameters }
  ? Omit<Operation, 'parameters'> & { parameters: StripEnvParameters<Parameters> }
  : Operation;

export type EnvPaths = {
  [P in keyof paths as EnvRoute<P & string>]: { [Method in keyof paths[P]]: StripEnv<paths[P][Method]> };
};

// Spec 1 §7 names /api/ChangePassword without an environment: the session's is meant.
export type RootPaths = Pick<paths, '/api/ChangePassword'>;
