import { Table, type TableColumnsType, type TableProps } from 'antd';
import { useEffect, useMemo, useRef, type Key, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useIsMobile } from '../lib/use-media-query';
import './list-table.css';

export interface ListTableProps<T> extends Omit<TableProps<T>, 'scroll'> {
  /**
   * On a phone (MOBILE_QUERY) each row is one stacked item instead of the columns (a squeezed table is not
   * readable): `label` names the one column, `render` draws the item (usually a StackedItem).
   */
  stacked: { label: string; render: (row: T, index: number) => ReactNode };
  /** A click on the row (not on a control inside it), or Enter on the focused row, opens its details. */
  onOpen?: (row: T) => void;
  /** The key of a row to show as new (highlighted and scrolled into view), e.g. the one just created. */
  highlightKey?: Key;
}

const INTERACTIVE =
  'a, button, input, select, textarea, label, [role="button"], [role="checkbox"], [role="menuitem"], [tabindex]:not(tr)';

/** Whether the event started on a control in the row (or in a menu or popover portalled out of it). */
function fromControl(event: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>): boolean {
  const target = event.target as Element;
  if (!event.currentTarget.contains(target)) return true;
  const control = target.closest(INTERACTIVE);
  return control !== null && control !== event.currentTarget && event.currentTarget.contains(control);
}

/**
 * Every list of the app: an antd Table whose columns fit the screen (no `scroll`: a table that doesn't fit
 * chooses its columns, see `responsive` and ellipsis, rather than scrolling sideways), a stacked item per row on a
 * phone, rows that open their details by click or Enter, and a highlighted new row.
 */
export function ListTable<T extends object>({
  stacked,
  onOpen,
  highlightKey,
  columns,
  className,
  rowClassName,
  onRow,
  rowKey,
  ...rest
}: ListTableProps<T>) {
  const phone = useIsMobile();
  const container = useRef<HTMLDivElement>(null);
  const keyOf = (row: T): Key | undefined =>
    typeof rowKey === 'function'
      ? rowKey(row)
      : ((row as Record<string, unknown>)[String(rowKey ?? 'key')] as Key | undefined);

  const stackedColumns = useMemo<TableColumnsType<T>>(
    () => [
      {
        title: stacked.label,
        key: 'stacked-item',
        render: (_: unknown, row: T, index: number) => stacked.render(row, index),
      },
    ],
    [stacked],
  );

  const highlighted = highlightKey !== undefined && (rest.dataSource ?? []).some((row) => keyOf(row) === highlightKey);
  useEffect(() => {
    if (!highlighted) return;
    const row = container.current?.querySelector<HTMLElement>(`tr[data-row-key="${CSS.escape(String(highlightKey))}"]`);
    row?.scrollIntoView?.({ block: 'nearest' });
  }, [highlighted, highlightKey]);

  return (
    <div ref={container} className="list-table-container">
      <Table<T>
        {...rest}
        rowKey={rowKey}
        columns={phone ? stackedColumns : columns}
        tableLayout={phone ? 'fixed' : rest.tableLayout}
        className={['list-table', phone ? 'list-table-stacked' : '', className ?? ''].join(' ').trim()}
        rowClassName={(row, index, indent) =>
          [
            typeof rowClassName === 'function' ? rowClassName(row, index, indent) : (rowClassName ?? ''),
            onOpen ? 'list-table-row-openable' : '',
            highlightKey !== undefined && keyOf(row) === highlightKey ? 'list-table-row-new' : '',
          ]
            .join(' ')
            .trim()
        }
        onRow={(row, index) => {
          const own = onRow?.(row, index) ?? {};
          if (!onOpen) return own;
          return {
            ...own,
            tabIndex: 0,
            onClick: (event: MouseEvent<HTMLElement>) => {
              own.onClick?.(event);
              if (fromControl(event) || window.getSelection()?.toString()) return;
              onOpen(row);
            },
            onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
              own.onKeyDown?.(event);
              if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
              event.preventDefault();
              onOpen(row);
            },
          };
        }}
      />
    </div>
  );
}

export interface StackedField {
  label: string;
  value: ReactNode;
  /** Takes the whole width (notes, long text). */
  wide?: boolean;
}

/**
 * One row of a list on a phone: what it is (title, subtitle) and its key figure (aside) on top, the row's
 * actions beside them, every other field below as label and value.
 */
export function StackedItem({
  title,
  subtitle,
  aside,
  actions,
  fields,
  leading,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  aside?: ReactNode;
  actions?: ReactNode;
  fields?: StackedField[];
  leading?: ReactNode;
}) {
  return (
    <div className="stacked-item">
      <div className="stacked-item-head">
        {leading}
        <div className="stacked-item-title">
          <div className="stacked-item-title-text">{title}</div>
          {subtitle ? <div className="stacked-item-subtitle">{subtitle}</div> : null}
        </div>
        {aside ? <div className="stacked-item-aside">{aside}</div> : null}
        {actions ? <div className="stacked-item-actions">{actions}</div> : null}
      </div>
      {fields && fields.length > 0 ? (
        <dl className="stacked-item-fields">
          {fields.map((field) => (
            <div
              key={field.label}
              className={field.wide ? 'stacked-item-field stacked-item-field-wide' : 'stacked-item-field'}
            >
              <dt>{field.label}</dt>
              <dd>{field.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
