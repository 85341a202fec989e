import { useLocation } from 'react-router';

// The app lower-cases every address before its query string (spec 1 §2), but never what a person
// typed: the address as it was before, kept in the history state when it was lower-cased, gives a
// segment back as typed ("okafor" → "Okafor", "cmp-2026-00042" → "CMP-2026-00042").

export interface TypedPathState {
  typedPath?: string;
}

export function typedSegment(state: unknown, lowered: string): string {
  const typedPath = (state as TypedPathState | null)?.typedPath;
  if (!typedPath) return lowered;
  for (const segment of typedPath.split('/')) {
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // A segment that is not valid percent-encoding is compared as it is.
    }
    if (decoded.toLowerCase() === lowered.toLowerCase()) return decoded;
  }
  return lowered;
}

export function useTypedSegment(lowered: string): string {
  const location = useLocation();
  return typedSegment(location.state, lowered);
}
