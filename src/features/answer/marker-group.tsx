import { Fragment, memo } from 'react';
import { useLocale, useTranslate } from '../../i18n/use-translate.ts';
import type { MarkerInfo } from './marker-info.ts';
import { MarkerButton } from './marker-button.tsx';
import { useCiteMarker } from './active-marker.ts';

interface MarkerGroupProps {
  infos: MarkerInfo[];
}

/**
 * A bracket group: `[1, 3]` gives one button per number; a number that points nowhere stays plain text. The group is
 * a <bdi>, isolated from the text around it, so `[2, 3]` is never reordered by the Persian or Arabic words beside it.
 * Its direction is the paragraph's (`direction: inherit`), not a <bdi>'s own `auto`: the group has no strong letter
 * of its own, so `auto` made `[۲، ۳]` read left to right in a Persian paragraph, and flipped it right to left while a
 * marker's preview (Persian words) was open inside it, moving the numbers under the pointer between press and release.
 */
export const MarkerGroup = memo(function MarkerGroup({ infos }: MarkerGroupProps) {
  const t = useTranslate();
  const locale = useLocale();
  const onCite = useCiteMarker();
  return (
    // The UI's language: the buttons' names ("Citation 2: …") are the UI's, inside a paragraph that may be lang="fa".
    <bdi data-marker-group="" lang={locale} className="whitespace-nowrap text-slate-500 [direction:inherit]">
      [
      {infos.map((info, i) => (
        <Fragment key={`${info.key}-${i}`}>
          {i > 0 ? t('answer.markerSeparator') : null}
          {info.kind === 'valid' ? (
            <MarkerButton info={info} onCite={onCite} />
          ) : (
            <span
              data-invalid-marker={info.key}
              title={t('answer.invalidMarker', { key: info.key })}
              className="rounded bg-rose-50 px-1 text-[0.8em] font-semibold text-rose-700 line-through decoration-rose-400"
            >
              {info.key}
            </span>
          )}
        </Fragment>
      ))}
      ]
    </bdi>
  );
});
