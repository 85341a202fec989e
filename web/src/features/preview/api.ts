// The preview's query lives in lib/previews.ts, where the role screens watch it too.
export { previewKeys, previewQuery } from '../../lib/previews';
