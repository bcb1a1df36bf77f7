import { Fragment } from 'react';
import type { MarkerInfo } from './marker-info.ts';
import { MarkerButton } from './marker-button.tsx';

interface MarkerGroupProps {
  infos: MarkerInfo[];
  activeKey: string | null;
  onCite(key: string): void;
}

/** A bracket group: `[1, 3]` gives one button per number; a number that points nowhere stays plain text. */
export function MarkerGroup({ infos, activeKey, onCite }: MarkerGroupProps) {
  return (
    <span className="whitespace-nowrap text-slate-500">
      [
      {infos.map((info, i) => (
        <Fragment key={`${info.key}-${i}`}>
          {i > 0 ? ', ' : null}
          {info.kind === 'valid' ? (
            <MarkerButton info={info} active={activeKey === info.key} onCite={onCite} />
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
}
