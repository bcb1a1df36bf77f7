import { Fragment, memo } from 'react';
import type { MarkerInfo } from './marker-info.ts';
import { MarkerButton } from './marker-button.tsx';
import { useCiteMarker } from './active-marker.ts';

interface MarkerGroupProps {
  infos: MarkerInfo[];
}

/** A bracket group: `[1, 3]` gives one button per number; a number that points nowhere stays plain text. */
export const MarkerGroup = memo(function MarkerGroup({ infos }: MarkerGroupProps) {
  const onCite = useCiteMarker();
  return (
    <span data-marker-group="" className="whitespace-nowrap text-slate-500">
      [
      {infos.map((info, i) => (
        <Fragment key={`${info.key}-${i}`}>
          {i > 0 ? ', ' : null}
          {info.kind === 'valid' ? (
            <MarkerButton info={info} onCite={onCite} />
          ) : (
            <span
              data-invalid-marker={info.key}
              title={`Citation ${info.key} points to no source`}
              className="rounded bg-rose-50 px-1 text-[0.8em] font-semibold text-rose-700 line-through decoration-rose-400"
            >
              {info.key}
            </span>
          )}
        </Fragment>
      ))}
      ]
    </span>
  );
});
