import type { Segment } from '../common/search-params.ts';

// Text with its matches in <mark>, rendered by the search page (server) and the overlay (browser).
// Segments are plain text: whatever a query or the CMS holds, nothing here becomes markup.
export const MarkedText = ({ segments }: { segments: readonly Segment[] }) =>
  segments.map((segment, index) => (segment.match ? <mark key={index}>{segment.text}</mark> : segment.text));
