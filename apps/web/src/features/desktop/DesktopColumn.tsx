import type { DesktopItem } from '@clipsync/shared';
import { useMemo } from 'react';
import { inScreenOrder } from '../../lib/desktop-layout';
import { FileBlock } from './FileBlock';
import { TextBlock } from './TextBlock';

interface DesktopColumnProps {
  items: readonly DesktopItem[];
  canDelete: boolean;
  onDelete: (item: DesktopItem) => void;
}

/**
 * The desktop on a narrow screen: its blocks one under another in the order they have on a wide one (top to
 * bottom, then left to right), with their buttons. Nothing moves here: a phone's
 * width cannot show where the blocks sit, so layout edits wait for a wide screen.
 */
export function DesktopColumn({ items, canDelete, onDelete }: DesktopColumnProps) {
  const ordered = useMemo(() => inScreenOrder(items), [items]);
  return (
    <ul className="flex flex-col gap-3">
      {ordered.map((item) => {
        const blockProps = { item, canMove: false, canDelete, onDelete };
        return (
          // At most as tall as on a wide screen, shorter when its content is: a block holding one line of text
          // does not fill a phone's screen. A longer one scrolls inside, as it does there.
          <li key={item.id} className="flex flex-col" style={{ maxHeight: item.size.height }}>
            {item.type === 'text' ? <TextBlock {...blockProps} /> : <FileBlock {...blockProps} />}
          </li>
        );
      })}
    </ul>
  );
}
