import { canonicalToView, type PageFrame, type Rotation } from '../../core/coords/transform.ts';
import type { Box } from '../../core/model/types.ts';

// Highlights are stored canonically (PDF points, unrotated, top-left origin) and projected at render time through
// canonicalToView, so they stay on their words at every zoom, after a rotation, after a pane resize (fit modes
// change the scale) and on pages of different sizes. Rendered inside the page element, positioned in its frame.

export interface PageHighlight {
  box: Box;
  /** Index of this rectangle among all regions of the target. */
  region: number;
}

interface HighlightLayerProps {
  sourceId: string;
  highlights: readonly PageHighlight[];
  frame: PageFrame;
  scale: number;
  /** The user's extra rotation (canonicalToView adds the page's own /Rotate). */
  userRotation: Rotation;
  activeRegion: number;
  /** Changes on every arrival or region step, to replay the flash animation. */
  flashKey: string;
}

export function HighlightLayer({ sourceId, highlights, frame, scale, userRotation, activeRegion, flashKey }: HighlightLayerProps) {
  return (
    <div className="pointer-events-none absolute inset-0 z-10">
      {highlights.map(({ box, region }) => {
        const r = canonicalToView(box, frame, scale, userRotation);
        const active = region === activeRegion;
        return (
          <div
            // Keying the active one by flashKey remounts it, which restarts the CSS flash animation.
            key={active ? `${region}:${flashKey}` : String(region)}
            data-highlight=""
            data-source-id={sourceId}
            data-region={region}
            data-active-region={active ? '' : undefined}
            className={`absolute ${active ? 'viewer-flash' : ''}`}
            style={{ left: r.left, top: r.top, width: r.width, height: r.height }}
          />
        );
      })}
    </div>
  );
}
