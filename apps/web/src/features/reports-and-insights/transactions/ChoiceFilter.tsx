import { FilterFilled } from '@ant-design/icons';
import { Button, Checkbox, Flex } from 'antd';
import type { FilterDropdownProps } from 'antd/es/table/interface';
import { useEffect, useRef, type KeyboardEvent } from 'react';

const triggerOf = (title: string) => document.querySelector<HTMLElement>(`thead [data-filter-trigger="${CSS.escape(title)}"]`);

/** The column's filter icon: antd's trigger can't take focus, this can, and Enter or Space opens the menu. */
export function filterIcon(title: string) {
  const open = (event: KeyboardEvent<HTMLSpanElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.click();
  };
  return () => <FilterFilled role="button" tabIndex={0} aria-label={`Filter ${title}`} data-filter-trigger={title} onKeyDown={open} />;
}

/**
 * A column filter menu that works by keyboard: opening it focuses the first choice, Tab moves round the choices and
 * buttons, Space ticks, Enter applies, Escape closes, and focus goes back to the column's filter icon.
 */
export function ChoiceFilter({ title, options, selectedKeys, setSelectedKeys, confirm, clearFilters, close, visible }: FilterDropdownProps & { title: string; options: ReadonlyArray<{ value: string; label: string }> }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (visible) window.setTimeout(() => container.current?.querySelector<HTMLInputElement>('input')?.focus(), 0);
  }, [visible]);

  const done = (action: () => void) => {
    action();
    triggerOf(title)?.focus();
  };

  return (
    <div
      ref={container}
      role="group"
      aria-label={`Filter ${title}`}
      style={{ padding: 8, minWidth: 180 }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          done(close);
        } else if (event.key === 'Tab') {
          // Keep Tab inside the menu (the dropdown would otherwise close on it) so every choice and button is reachable.
          event.preventDefault();
          event.stopPropagation();
          const stops = [...(container.current?.querySelectorAll<HTMLElement>('input:not(:disabled), button:not(:disabled)') ?? [])];
          const at = stops.indexOf(document.activeElement as HTMLElement);
          stops[(at + (event.shiftKey ? -1 : 1) + stops.length) % stops.length]?.focus();
        } else if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
          event.preventDefault();
          done(() => confirm());
        }
      }}
    >
      <Checkbox.Group
        value={selectedKeys as string[]}
        onChange={(values) => setSelectedKeys(values as string[])}
        style={{ display: 'flex', flexDirection: 'column', gap: 6, marginBottom: 8 }}
        options={options.map(({ value, label }) => ({ value, label }))}
      />
      <Flex justify="space-between" gap={8}>
        <Button size="small" type="link" disabled={selectedKeys.length === 0} onClick={() => done(() => clearFilters?.({ confirm: true, closeDropdown: true }))}>
          Reset
        </Button>
        <Button size="small" type="primary" onClick={() => done(() => confirm())}>
          OK
        </Button>
      </Flex>
    </div>
  );
}
