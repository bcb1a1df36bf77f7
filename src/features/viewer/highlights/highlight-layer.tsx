import { useId } from 'react';
import { canonicalToView, type PageFrame, type Rotation } from '../../../core/coords/transform.ts';
import type { Box } from '../../../core/model/types.ts';
import { useTranslate } from '../../../i18n/use-translate.ts';
import { highlightDescription, useHighlightLabel } from './highlight-label.ts';
import './highlight-a11y.css';

// Highlights are stored canonically (PDF points, unrotated, top-left origin) and projected at render time through
// canonicalToView, so they stay on their words at every zoom, after a rotation, after a pane resize (fit modes
// change the scale) and on pages of different sizes. Rendered inside the page element, positioned in its frame.

export interface PageHighlight {
  box: Box;
  /** The passage this rectangle belongs to among the target's (regions.ts); -1 for a mark. */
  region: number;
  /** A word of the document that differs from the quote (marked over the highlight, never a region). */
  mark?: boolean;
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
  const label = useHighlightLabel();
  const t = useTranslate();
  const baseId = useId();
  // Each box is a `mark` described by visually hidden text (axe forbids aria-label on role mark). The descriptions
  // are kept in one list beside the boxes, which are empty positioned divs over the canvas.
  return (
    <div className="pointer-events-none absolute inset-0 z-10">
      <span className="sr-only">
        {highlights.map(({ region, mark }, i) => (
          <span key={`${region}:${i}`} id={`${baseId}-${i}`} className="block">
            {mark ? t('highlight.differs') : highlightDescription(label, region, region === activeRegion, t)}
          </span>
        ))}
      </span>
      {highlights.map(({ box, region, mark }, i) => {
        const r = canonicalToView(box, frame, scale, userRotation);
        if (mark) {
          return (
            <div
              role="mark"
              aria-describedby={`${baseId}-${i}`}
              key={`mark:${i}`}
              data-difference-mark=""
              className="absolute"
              style={{ left: r.left, top: r.top, width: r.width, height: r.height }}
            />
          );
        }
        const active = region === activeRegion;
        return (
          <div
            role="mark"
            aria-describedby={`${baseId}-${i}`}
            // Keying the active one by flashKey remounts it, which restarts the CSS flash animation.
            key={active ? `${i}:${flashKey}` : String(i)}
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
