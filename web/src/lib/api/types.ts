import type { components } from './schema';

// The API's shapes, generated from server/api/openapi.yaml (npm run generate:api).
export type Schemas = components['schemas'];
export type ChromeSettings = Schemas['ChromeSettings'];
export type EnvironmentSettings = Schemas['EnvironmentSettings'];
export type MenuItem = Schemas['MenuItem'];
export type LoginRequest = Schemas['LoginRequest'];
export type LoginResponse = Schemas['LoginResponse'];
export type ChangePasswordRequest = Schemas['ChangePasswordRequest'];
export type CurrentUser = Schemas['CurrentUser'];
