import { HolderOutlined } from '@ant-design/icons';
import type { DraggableAttributes, DraggableSyntheticListeners, Modifier } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button } from 'antd';
import { createContext, useContext, useMemo, type CSSProperties, type HTMLAttributes } from 'react';

interface RowContextValue {
  setActivatorNodeRef?: (element: HTMLElement | null) => void;
  listeners?: DraggableSyntheticListeners;
  attributes?: DraggableAttributes;
}

const RowContext = createContext<RowContextValue>({});

/** Rows move up and down only. */
export const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/**
 * The drag handle of a sortable row: drag it with the pointer, or focus it and press Space, the arrow keys
 * and Space again.
 */
export function DragHandle({ label }: { label: string }) {
  const { setActivatorNodeRef, listeners, attributes } = useContext(RowContext);
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      ref={setActivatorNodeRef}
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
      aria-label={label}
    />
  );
}

type RowProps = HTMLAttributes<HTMLTableRowElement> & { 'data-row-key'?: string | number };

/** A table body row that dnd-kit can sort (antd Table `components.body.row`), keyed by `data-row-key`. */
export function SortableRow(props: RowProps) {
  // The empty-table placeholder row has no key and is not sortable.
  if (props['data-row-key'] === undefined) return <tr {...props} />;
  return <SortableDataRow {...props} data-row-key={props['data-row-key']} />;
}

function SortableDataRow(props: RowProps & { 'data-row-key': string | number }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: String(props['data-row-key']),
  });
  const style: CSSProperties = {
    ...props.style,
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: 'relative', zIndex: 2, background: '#f0f5ff' } : {}),
  };
  const context = useMemo(
    () => ({ setActivatorNodeRef, listeners, attributes }),
    [setActivatorNodeRef, listeners, attributes],
  );
  return (
    <RowContext.Provider value={context}>
      <tr {...props} ref={setNodeRef} style={style} />
    </RowContext.Provider>
  );
}
