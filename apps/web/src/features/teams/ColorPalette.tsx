import { CheckOutlined } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import { TEAM_COLORS } from '@wallet/contract';
import { useRef, type KeyboardEvent } from 'react';
import { colorName } from './team-colors';

interface Props {
  value?: string;
  onChange?: (color: string) => void;
  id?: string;
  'aria-labelledby'?: string;
}

const NEXT_KEYS = ['ArrowRight', 'ArrowDown'];
const PREVIOUS_KEYS = ['ArrowLeft', 'ArrowUp'];

/**
 * The palette of 12 team colours (PRODUCT.md §5) as a radio group: click a swatch, or Tab into the group and move
 * with the arrow keys (Home and End jump to the ends).
 */
export function ColorPalette({ value, onChange, id, 'aria-labelledby': labelledBy }: Props) {
  const { token } = theme.useToken();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const selectedIndex = TEAM_COLORS.findIndex((color) => color === value?.toUpperCase());
  const focusIndex = selectedIndex >= 0 ? selectedIndex : 0;

  const choose = (index: number) => {
    const color = TEAM_COLORS[(index + TEAM_COLORS.length) % TEAM_COLORS.length]!;
    onChange?.(color);
    buttons.current[TEAM_COLORS.indexOf(color)]?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent, index: number) => {
    if (NEXT_KEYS.includes(event.key)) choose(index + 1);
    else if (PREVIOUS_KEYS.includes(event.key)) choose(index - 1);
    else if (event.key === 'Home') choose(0);
    else if (event.key === 'End') choose(TEAM_COLORS.length - 1);
    else return;
    event.preventDefault();
  };

  return (
    <Flex id={id} role="radiogroup" aria-labelledby={labelledBy} wrap gap={8}>
      {TEAM_COLORS.map((color, index) => {
        const checked = index === selectedIndex;
        return (
          <button
            key={color}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={colorName(color)}
            title={colorName(color)}
            tabIndex={index === focusIndex ? 0 : -1}
            onClick={() => onChange?.(color)}
            onKeyDown={(event) => handleKeyDown(event, index)}
            className="team-color-swatch"
            style={{
              width: 30,
              height: 30,
              borderRadius: '50%',
              border: 'none',
              padding: 0,
              cursor: 'pointer',
              background: color,
              color: '#fff',
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              boxShadow: checked ? `0 0 0 2px ${token.colorBgContainer}, 0 0 0 4px ${color}` : undefined,
            }}
          >
            {checked && <CheckOutlined aria-hidden />}
          </button>
        );
      })}
    </Flex>
  );
}
