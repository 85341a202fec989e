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
export type SearchEntityTypes = Schemas['SearchEntityTypes'];
export type SearchEntityType = Schemas['SearchEntityType'];
export type LayoutComponent = Schemas['LayoutComponent'];
export type FormLoadResult = Schemas['FormLoadResult'];
export type EntitySummary = Schemas['EntitySummary'];
export type SaveResult = Schemas['SaveResult'];
export type PersonStateResult = Schemas['PersonStateResult'];
export type HistoryPage = Schemas['HistoryPage'];
export type HistoryEntry = Schemas['HistoryEntry'];
export type PreviewData = Schemas['PreviewData'];
export type PreviewField = Schemas['PreviewField'];
export type RecentRecord = Schemas['RecentRecord'];
export type HeaderAlertData = Schemas['HeaderAlert'];
export type SearchRequest = Schemas['SearchRequest'];
export type SearchResponse = Schemas['SearchResponse'];
export type SearchResultItem = Schemas['SearchResultItem'];
export type SearchField = Schemas['SearchField'];
export type SearchFormSetup = Schemas['SearchFormSetup'];
